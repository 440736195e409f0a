/** Reading a form's audit trail in tests, as its owner's screens do (through the routes). */
import type { AuditEvent, AuditPage } from '@formscribe/common/schemas/audit';
import { expect } from 'vitest';
import type { TestClient } from './testClient.ts';

/** Every event of the form (newest first), following the pages; `filters` as the route's query. */
export async function readTrail(
  client: TestClient,
  formId: number,
  filters: Record<string, string | number> = {},
): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let cursor: number | null = null;
  do {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) query.set(key, String(value));
    if (cursor !== null) query.set('cursor', String(cursor));
    const res = await client.get<AuditPage>(`/api/forms/${formId}/audit?${query}`);
    expect(res.status, res.text).toBe(200);
    events.push(...res.body.events);
    cursor = res.body.nextCursor;
  } while (cursor !== null);
  return events;
}

/** The events of one kind, oldest first (the order the changes were made in). */
export async function eventsOfKind(client: TestClient, formId: number, kind: AuditEvent['kind']) {
  return (await readTrail(client, formId, { kind })).reverse();
}
