// Mantine's anchors and buttons as router links, with typed `to` and `params`.
import { Trans } from '@lingui/react/macro';
import {
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  NavLink,
  type NavLinkProps,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import type { Product } from '#/api/products';
import { PRODUCT_TITLE, SLUG_OF } from '#/lib/products';
import { tr } from '#/i18n/current';

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
/** A button link to the form that makes a new record, with the plus before its words. */
export const NewRecordLink: LinkComponent<typeof ButtonBase> = (props) => (
  <CreatedButton preload="intent" leftSection={<IconPlus size={16} aria-hidden />} {...props} />
);

/** The button link to a record's edit form. */
export const EditRecordLink: LinkComponent<typeof ButtonBase> = (props) => (
  <CreatedButton preload="intent" leftSection={<IconPencil size={16} aria-hidden />} {...props}>
    <Trans>Edit</Trans>
  </CreatedButton>
);

/**
 * A link to a transaction's page, whatever its product: it reads "Payout #42" unless given words
 * of its own.
 */
export function TransactionLink({
  product,
  id,
  children,
  ...anchor
}: Omit<AnchorProps, 'children'> & { product: Product; id: number; children?: ReactNode }) {
  return (
    <AnchorLink
      to="/transactions/$product/$id"
      params={{ product: SLUG_OF[product], id }}
      {...anchor}
    >
      {children ?? `${tr(PRODUCT_TITLE[product].singular)} #${id}`}
    </AnchorLink>
  );
}

/**
 * The API reference the sandbox serves beside its API, as a path on this origin (the embedded
 * sandbox's public URL may name another host than the one the page came from).
 */
export const apiReferenceHref = (baseUrl: string) =>
  `${baseUrl.replace(/^https?:\/\/[^/]+/, '').replace(/\/$/, '')}/docs`;
