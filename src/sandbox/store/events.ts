import type { Event, EventType } from '#/api/schemas/platform';
import { type Db, pageQuery } from './db';

interface EventRow {
  id: number;
  type: string;
  creationTime: number;
  objectType: string;
  objectId: number;
  product: string | null;
  data: string;
}

export interface NewEvent {
  type: EventType;
  objectType: string;
  objectId: number;
  product?: string | undefined;
  data: object;
}

const COLUMNS = `id, type, creation_time AS creationTime, object_type AS objectType,
  object_id AS objectId, product, data`;

function toEvent(row: EventRow): Event {
  const { product, data, ...rest } = row;
  return { ...rest, ...(product ? { product } : {}), data: JSON.parse(data) as Event['data'] };
}

export interface EventFilter {
  objectType?: string | undefined;
  objectId?: number | undefined;
}

export function eventRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO event (partner_id, type, creation_time, object_type, object_id, product, data)
     VALUES (@partnerId, @type, @now, @objectType, @objectId, @product, @data)`,
  );
  const byId = db.prepare<[number, number], EventRow>(
    `SELECT ${COLUMNS} FROM event WHERE id = ? AND partner_id = ?`,
  );
  const listBy = (where: string) =>
    db.prepare<unknown[], EventRow>(pageQuery(COLUMNS, 'event', `partner_id = ? ${where}`));
  const lists = {
    none: listBy(''),
    type: listBy('AND object_type = ?'),
    object: listBy('AND object_type = ? AND object_id = ?'),
    id: listBy('AND object_id = ?'),
  };

  const after = db.prepare<[number, number, number], EventRow>(
    `SELECT ${COLUMNS} FROM event WHERE partner_id = ? AND id > ? ORDER BY id LIMIT ?`,
  );
  const lastId = db
    .prepare<[number], number | null>('SELECT MAX(id) FROM event WHERE partner_id = ?')
    .pluck(true);
  return {
    /** The partner's events recorded after `id`, oldest first (the event stream). */
    after: (partnerId: number, id: number, limit: number) =>
      after.all(partnerId, id, limit).map(toEvent),
    lastId: (partnerId: number): number => lastId.get(partnerId) ?? 0,
    insert(partnerId: number, event: NewEvent, now: number): Event {
      const id = Number(
        insert.run({
          partnerId,
          now,
          type: event.type,
          objectType: event.objectType,
          objectId: event.objectId,
          product: event.product ?? null,
          data: JSON.stringify(event.data),
        }).lastInsertRowid,
      );
      return toEvent(byId.get(id, partnerId)!);
    },
    byId(partnerId: number, id: number): Event | undefined {
      const row = byId.get(id, partnerId);
      return row && toEvent(row);
    },
    /** One more row than asked for, so the caller can tell whether more follow. */
    list(partnerId: number, filter: EventFilter, start: number, limit: number): Event[] {
      const page = [limit + 1, start];
      const { objectType, objectId } = filter;
      const rows =
        objectType !== undefined && objectId !== undefined
          ? lists.object.all(partnerId, objectType, objectId, ...page)
          : objectType !== undefined
            ? lists.type.all(partnerId, objectType, ...page)
            : objectId !== undefined
              ? lists.id.all(partnerId, objectId, ...page)
              : lists.none.all(partnerId, ...page);
      return rows.map(toEvent);
    },
  };
}
