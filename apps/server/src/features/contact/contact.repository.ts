import type { ContactMessage } from '@site/contract';
import type { DatabaseHandle } from '../../db/database.js';
import { CONTACT_FORM_KEY } from '../../db/migrations/021_contact_messages.js';

export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

const columns = ['id', 'name', 'email', 'message', 'created_at', 'read_at'] as const;

/** The contact messages, the form's signing key, and the owner's address (docs/api.md#contact). */
export function contactRepository({ db }: DatabaseHandle) {
  return {
    /** The key migration 021 stored; undefined only on a database it did not run on. */
    async formKey(): Promise<string | undefined> {
      const row = await db
        .selectFrom('site_settings')
        .select('value')
        .where('key', '=', CONTACT_FORM_KEY)
        .executeTakeFirst();
      return row?.value;
    },

    async add(message: NewContactMessage): Promise<number> {
      const row = await db
        .insertInto('contact_messages')
        .values({ name: message.name, email: message.email, message: message.message, created_at: message.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A page of messages, newest first, with the total and unread counts. */
    async page(page: number, pageSize: number): Promise<{ messages: ContactMessage[]; total: number; unread: number }> {
      const [messages, counts] = await Promise.all([
        db
          .selectFrom('contact_messages')
          .select(columns)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom('contact_messages')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('total'),
            eb.fn.count<number | string>('id').filterWhere('read_at', 'is', null).as('unread'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return { messages, total: Number(counts.total), unread: Number(counts.unread) };
    },

    /**
     * Sets read_at (keeping the first time it was read) or clears it; undefined when there is no
     * such message.
     */
    async mark(id: number, readAt: string | null): Promise<ContactMessage | undefined> {
      return db
        .updateTable('contact_messages')
        .set((eb) => ({ read_at: readAt === null ? null : eb.fn.coalesce('read_at', eb.val(readAt)) }))
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst();
    },

    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The admin account's current e-mail (the first admin, should there be several). */
    async ownerEmail(): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('email')
        .where('is_admin', '=', 1)
        .where('disabled_at', 'is', null)
        .orderBy('id')
        .executeTakeFirst();
      return row?.email;
    },
  };
}

export type ContactRepository = ReturnType<typeof contactRepository>;
