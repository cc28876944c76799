import type { Db } from './db';

export interface KycDocumentRow {
  id: number;
  type: string;
  fileId: number;
  fileName: string;
  creationTime: number;
}

export function kycDocumentRepository(db: Db) {
  const insert = db.prepare<[number, number, string, number, number]>(
    'INSERT INTO kyc_document (partner_id, merchant_id, type, file_id, creation_time) VALUES (?, ?, ?, ?, ?)',
  );
  const of = db.prepare<[number, number], KycDocumentRow>(
    `SELECT d.id, d.type, d.file_id AS fileId, f.file_name AS fileName,
       d.creation_time AS creationTime
     FROM kyc_document d JOIN file f ON f.id = d.file_id
     WHERE d.partner_id = ? AND d.merchant_id = ? ORDER BY d.id DESC`,
  );
  return {
    add(partnerId: number, merchantId: number, type: string, fileId: number, now: number) {
      insert.run(partnerId, merchantId, type, fileId, now);
    },
    /** A merchant's documents, newest first. */
    of: (partnerId: number, merchantId: number) => of.all(partnerId, merchantId),
  };
}
