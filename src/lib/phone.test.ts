import { describe, expect, it } from 'vitest';
import { callingCode, formatPhone, plainCallingCode, plainPhone } from './phone';

describe('phone numbers as people type them', () => {
  it('knows the calling code of a country', () => {
    expect(callingCode('DE')).toBe('49');
    expect(callingCode('gb')).toBe('44');
    expect(callingCode('US')).toBe('1');
    expect(callingCode('')).toBeUndefined();
    expect(callingCode('ZZ')).toBeUndefined();
  });

  it('reads a calling code with a plus, a double zero or spaces', () => {
    for (const typed of ['+49', '0049', ' 49 ', '49', '+ 49']) {
      expect(plainCallingCode(typed)).toBe('49');
    }
    expect(plainCallingCode('+4x')).toBe('+4x');
  });

  it('reads a national number with spaces, dashes and the trunk zero', () => {
    expect(plainPhone('030 2345 6789', '49')).toEqual({ phone: '3023456789', code: '49' });
    expect(plainPhone('(030) 2345-6789', '49')).toEqual({ phone: '3023456789', code: '49' });
    expect(plainPhone('020 7946 0958', '44')).toEqual({ phone: '2079460958', code: '44' });
    expect(plainPhone('3023456789', '49')).toEqual({ phone: '3023456789', code: '49' });
  });

  it('takes the calling code from a number typed in international form', () => {
    expect(plainPhone('+49 30 2345 6789', '')).toEqual({ phone: '3023456789', code: '49' });
    expect(plainPhone('0044 20 7946 0958', '49')).toEqual({ phone: '2079460958', code: '44' });
  });

  it('uses the country when no code is given yet', () => {
    expect(plainPhone('030 2345 6789', '', 'DE')).toEqual({ phone: '3023456789', code: '49' });
  });

  it('leaves what is not a phone number for the form to refuse', () => {
    expect(plainPhone('call me', '49')).toEqual({ phone: 'callme', code: '49' });
    expect(plainPhone('12', '49')).toEqual({ phone: '12', code: '49' });
    expect(plainPhone('', '49')).toEqual({ phone: '', code: '49' });
    expect(plainPhone('030 2345 6789', '4x')).toEqual({ phone: '03023456789', code: '4x' });
    expect(plainPhone('30123456', '4x', 'DE')).toEqual({ phone: '30123456', code: '4x' });
    expect(plainPhone('030 2345 6789', '999')).toEqual({ phone: '03023456789', code: '999' });
  });
});

describe('a stored phone on the screen', () => {
  it('is grouped as the country writes it', () => {
    expect(formatPhone('49', '3023456789')).toBe('+49 30 23456789');
    expect(formatPhone('44', '2079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('49', '12')).toBe('+49 12');
    expect(formatPhone(null, '12345')).toBe('12345');
  });
});
