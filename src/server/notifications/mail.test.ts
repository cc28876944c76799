// One composer for every mail: the text and the HTML say the same, and whatever reaches the HTML
// is escaped.
import { describe, expect, it } from 'vitest';
import { composeMail } from './mail';

describe('a composed mail', () => {
  const mail = composeMail('Payout #1 completed', [
    { kind: 'paragraph', text: 'Payout #1 of 10.00 EUR <b>completed</b>.' },
    { kind: 'link', href: 'https://d.example/t?a=1&b=2', label: 'Open it', textLead: 'Open it:' },
    {
      kind: 'list',
      items: [
        { text: 'Mallory "Bcc" <x@y>', note: '(09:00 UTC)', href: 'https://d.example/a' },
        { text: 'Plain', href: null },
      ],
    },
    { kind: 'footer', text: 'You get this because…' },
  ]);

  it('writes the text with the same words, in order', () => {
    expect(mail.text).toBe(
      'Payout #1 of 10.00 EUR <b>completed</b>.\n\n' +
        'Open it: https://d.example/t?a=1&b=2\n\n' +
        '- Mallory "Bcc" <x@y> (09:00 UTC)\n  https://d.example/a\n- Plain\n\n' +
        '--\nYou get this because…\n',
    );
  });

  it('escapes every text and address in the HTML', () => {
    expect(mail.html).toContain('<p>Payout #1 of 10.00 EUR &#60;b&#62;completed&#60;/b&#62;.</p>');
    expect(mail.html).toContain('<a href="https://d.example/t?a=1&#38;b=2">Open it</a>');
    expect(mail.html).toContain(
      '<li><a href="https://d.example/a">Mallory &#34;Bcc&#34; &#60;x@y&#62;</a></li>',
    );
    expect(mail.html).not.toMatch(/<b>|<x@y>/);
  });
});

describe('a subject', () => {
  it('stays one line whatever a name in it holds', () => {
    const mail = composeMail('Mallory\r\nBcc: attacker@example.com invited you', [
      { kind: 'paragraph', text: 'Hello' },
    ]);
    expect(mail.subject).toBe('Mallory Bcc: attacker@example.com invited you');
  });
});
