import { expect, it } from 'vitest';
import { onwardPage } from './sign-in';

it('takes a person on after single sign-on in their language, the path escaped', () => {
  const german = onwardPage('/merchants?x="<y>"', 'de');
  expect(german).toContain('<html lang="de">');
  expect(german).toContain('Angemeldet.');
  expect(german).toContain('Weiter zum Dashboard');
  expect(german).toContain('url=/merchants?x=&#34;&#60;y&#62;&#34;');
  expect(onwardPage('/')).toContain('Signed in. <a href="/">Continue to the dashboard</a>.');
});
