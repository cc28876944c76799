// The eye button of a password field, named in the page's language (decision 091): Mantine's
// own name for it is English. Spread onto a PasswordInput: `<PasswordInput {...passwordToggle()}`.
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';

export const passwordToggle = () => ({
  visibilityToggleButtonProps: { 'aria-label': tr(msg`Show or hide what is typed`) },
});
