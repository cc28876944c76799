// Where the client deposits: a wallet address on the deposit currency's network for payouts,
// and the sandbox's collection account in the deposit currency for bank deposits. Derived from
// the transaction id, so the same transaction always shows the same details.
import { createHash } from 'node:crypto';
import { assetCode } from '#/api/money';
import type { BankDetails } from '#/api/schemas/transaction';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** Version byte, 20-byte payload, 4-byte double-SHA-256 checksum: TRON and Bitcoin addresses. */
function base58check(version: number, payload: Buffer): string {
  const body = Buffer.concat([Buffer.from([version]), payload]);
  return base58(Buffer.concat([body, sha256(sha256(body)).subarray(0, 4)]));
}

export function walletAddress(depositSymbol: string, seed: string): string {
  const key = sha256(`sandbox-wallet:${seed}`).subarray(0, 20);
  if (depositSymbol.includes('TRC20')) return base58check(0x41, key); // TRON: starts with T
  if (assetCode(depositSymbol) === 'BTC') return base58check(0x00, key); // Bitcoin P2PKH: starts with 1
  return `0x${key.toString('hex')}`; // Ethereum and ERC-20 tokens
}

// Every account names its bank's BIC, for a transfer from abroad; the US account its ABA routing
// number too, which a domestic USD wire or ACH transfer needs (docs/decisions/070). The numbers are
// made up but well formed: the IBANs' and the routing number's check digits hold.
const COLLECTION_ACCOUNTS: Record<string, Omit<BankDetails, 'reference'>> = {
  EUR: {
    bankName: 'Sandbox Settlement Bank Europe',
    accountNumber: 'DE75512108001245126199',
    bankAddress: 'Mainzer Landstraße 50, 60325 Frankfurt am Main, Germany',
    nameOnAccount: 'Partner Payments Sandbox GmbH, client funds',
    swiftCode: 'SSBEDEFF',
  },
  GBP: {
    bankName: 'Sandbox Settlement Bank UK',
    accountNumber: 'GB33BUKB20201555555555',
    bankAddress: '1 Churchill Place, London E14 5HP, United Kingdom',
    nameOnAccount: 'Partner Payments Sandbox Ltd, client funds',
    swiftCode: 'SSBUGB2L',
  },
};

/** An ABA routing number whose check digit holds (3, 7, 1 weights, modulo 10). */
export const SANDBOX_ROUTING_NUMBER = '121999993';

const DEFAULT_ACCOUNT = {
  bankName: 'Sandbox Settlement Bank N.A.',
  bankAddress: '200 Park Avenue, New York, NY 10166, United States',
  nameOnAccount: 'Partner Payments Sandbox Inc., client funds',
  swiftCode: 'SSBNUS33',
};

export function bankDetails(depositSymbol: string, transactionId: number): BankDetails {
  const account = COLLECTION_ACCOUNTS[depositSymbol] ?? {
    ...DEFAULT_ACCOUNT,
    accountNumber: `7700${String(depositSymbol.charCodeAt(0) * 1000 + depositSymbol.charCodeAt(1)).padStart(6, '0')}`,
    ...(depositSymbol === 'USD' ? { routingNumber: SANDBOX_ROUTING_NUMBER } : {}),
  };
  const check = sha256(`sandbox-reference:${transactionId}`)
    .toString('hex')
    .slice(0, 6)
    .toUpperCase();
  return { ...account, reference: `PPS-${transactionId}-${check}` };
}
