// Mantine's anchors and buttons as router links, with typed `to` and `params`.
import {
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  NavLink,
  type NavLinkProps,
} from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type AnchorAttributes = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

const AnchorBase = ({
  ref,
  ...props
}: AnchorProps & AnchorAttributes & { ref?: Ref<HTMLAnchorElement> }) => (
  <Anchor component="a" ref={ref} {...props} />
);
const ButtonBase = ({
  ref,
  ...props
}: ButtonProps & AnchorAttributes & { ref?: Ref<HTMLAnchorElement> }) => (
  <Button component="a" ref={ref} {...props} />
);
const NavLinkBase = ({
  ref,
  ...props
}: NavLinkProps & AnchorAttributes & { ref?: Ref<HTMLAnchorElement> }) => (
  <NavLink component="a" ref={ref} {...props} />
);

const CreatedAnchor = createLink(AnchorBase);
const CreatedButton = createLink(ButtonBase);
const CreatedNavLink = createLink(NavLinkBase);

export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => (
  <CreatedAnchor preload="intent" {...props} />
);
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => (
  <CreatedButton preload="intent" {...props} />
);
export const NavLinkLink: LinkComponent<typeof NavLinkBase> = (props) => (
  <CreatedNavLink preload="intent" {...props} />
);
