import type { Db } from './db';

export interface FileRecord {
  id: number;
  creationTime: number;
  fileName: string;
  contentType: string;
  size: number;
}

export function fileRepository(db: Db) {
  const insert = db.prepare<[number, number, string, string, number, Buffer]>(
    'INSERT INTO file (partner_id, creation_time, file_name, content_type, size, data) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[number, number], FileRecord & { data: Buffer }>(
    `SELECT id, creation_time AS creationTime, file_name AS fileName, content_type AS contentType,
       size, data FROM file WHERE id = ? AND partner_id = ?`,
  );
  return {
    insert(partnerId: number, file: Omit<FileRecord, 'id'> & { data: Buffer }): number {
      return Number(
        insert.run(
          partnerId,
          file.creationTime,
          file.fileName,
          file.contentType,
          file.size,
          file.data,
        ).lastInsertRowid,
      );
    },
    byId: (partnerId: number, id: number) => byId.get(id, partnerId),
  };
}
