import { createHash } from 'node:crypto';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { bankDetails, walletAddress } from './deposit-details';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function decodeBase58(text: string): Buffer {
  let n = 0n;
  for (const char of text) n = n * 58n + BigInt(ALPHABET.indexOf(char));
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const leading = text.match(/^1*/)![0].length;
  return Buffer.concat([Buffer.alloc(leading), Buffer.from(hex, 'hex')]);
}
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();
function checksumOk(address: string) {
  const bytes = decodeBase58(address);
  const body = bytes.subarray(0, -4);
  return sha256(sha256(body)).subarray(0, 4).equals(bytes.subarray(-4));
}

describe('wallet addresses', () => {
  it('gives a TRON address for TRC-20 tokens, with a valid checksum', () => {
    const address = walletAddress('USDT(TRC20)', '42');
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(checksumOk(address)).toBe(true);
    expect(decodeBase58(address)[0]).toBe(0x41);
  });

  it('gives a Bitcoin address for BTC, with a valid checksum', () => {
    const address = walletAddress('BTC', '42');
    expect(address).toMatch(/^1[1-9A-HJ-NP-Za-km-z]{25,33}$/);
    expect(checksumOk(address)).toBe(true);
  });

  it.each(['USDT(ERC20)', 'USDC(ERC20)', 'ETH'])('gives an Ethereum address for %s', (symbol) => {
    expect(walletAddress(symbol, '42')).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('gives the same transaction the same address, and others another', () => {
    expect(walletAddress('BTC', '42')).toBe(walletAddress('BTC', '42'));
    expect(walletAddress('BTC', '43')).not.toBe(walletAddress('BTC', '42'));
  });
});

describe('bank details', () => {
  it.each(['EUR', 'GBP'])('gives a valid IBAN to deposit %s to', (symbol) => {
    expect(isValidIBAN(bankDetails(symbol, 7).accountNumber)).toBe(true);
  });

  it.each(['EUR', 'GBP', 'USD', 'JPY'])('names a well-formed BIC of the bank for %s', (symbol) => {
    expect(isValidBIC(bankDetails(symbol, 7).swiftCode!)).toBe(true);
  });

  it('gives USD an ABA routing number whose check digit holds, and no other currency one', () => {
    const aba = bankDetails('USD', 7).routingNumber!;
    expect(aba).toMatch(/^\d{9}$/);
    const d = [...aba].map(Number);
    expect(
      (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + d[2]! + d[5]! + d[8]!) % 10,
    ).toBe(0);
    for (const other of ['EUR', 'GBP', 'JPY'])
      expect(bankDetails(other, 7).routingNumber).toBeUndefined();
  });

  it('gives each transaction its own reference', () => {
    const a = bankDetails('USD', 7);
    const b = bankDetails('USD', 8);
    expect(a.reference).toMatch(/^PPS-7-[0-9A-F]{6}$/);
    expect(b.reference).not.toBe(a.reference);
    expect(a.accountNumber).toBe(b.accountNumber);
  });
});
