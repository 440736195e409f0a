/**
 * B2b's script: the statements the app ran for a submission (captured in the app process by
 * sqlCapture.ts), with each binding that varies from one submission to the next tied to where its
 * value comes from, so b2bSqlServerProcess.ts can replay them for any request.
 *
 * Two submissions are captured (two images, two contributors). A binding equal in both is a
 * constant. One that differs must be either a value of the request (the session token's hash, the
 * image id and its Insights slot, the entry's data and its field values as the app binds them) or
 * a value an earlier statement of the same submission answered (the user's id from the session
 * read, the entry's time from the statement that inserted it …), at the same place in both
 * captures. Anything else fails the benchmark: the app's SQL changed in a way the replay cannot
 * follow, and the primitive must be taught, not silently left behind.
 */
import { valueToText } from '@formscribe/common/fieldValues';
import { sumSlot } from '../src/services/insights/imageInsightsStatements.ts';
import { hashToken } from '../src/services/secureTokens.ts';
import type { Captured, CapturedStatement } from './sqlCapture.ts';

/** What a request brings: its session token, the image and the entry. */
export interface SubmissionRequest {
  token: string;
  imageId: number;
  data: Record<string, string>;
}

const REQUEST_ROLES = ['tokenHash', 'imageId', 'slot', 'data', 'values'] as const;
type RequestRole = (typeof REQUEST_ROLES)[number];

/** The request's values as the app binds them (the field values as submissionRecorder.ts spells them). */
export function requestRoles(request: SubmissionRequest): Record<RequestRole, Captured> {
  const values = Object.entries(request.data).map(([field_name, value]) => ({ field_name, value: valueToText(value) }));
  return {
    tokenHash: hashToken(request.token),
    imageId: request.imageId,
    slot: sumSlot(request.imageId),
    data: JSON.stringify(request.data),
    values: JSON.stringify(values),
  };
}

export type ReplayBinding =
  | { constant: Captured }
  | { role: RequestRole }
  | { statement: number; path: string[]; asDate: boolean };

export interface ReplayStatement {
  text: string;
  name?: string;
  bindings: ReplayBinding[];
}

const isDate = (value: Captured): value is { $date: string } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.$date === 'string';

/** A result value equals a binding: dates by their time (results write them as text), the rest as text. */
function sameValue(binding: Captured, result: Captured): boolean {
  if (isDate(binding)) {
    const time = isDate(result) ? Date.parse(result.$date) : typeof result === 'string' ? Date.parse(result) : NaN;
    return time === Date.parse(binding.$date);
  }
  if (result === null || typeof result === 'object') return false;
  return String(binding) === String(result);
}

/** Every scalar of a row, with its path (nested JSON objects too, a few levels down). */
function* scalars(value: Captured, path: string[] = [], depth = 0): Generator<[string[], Captured]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || isDate(value) || depth > 3) {
    yield [path, value];
    return;
  }
  for (const [key, inner] of Object.entries(value)) yield* scalars(inner, [...path, key], depth + 1);
}

function valueAt(row: Captured | undefined, path: string[]): Captured | undefined {
  let value: Captured | undefined = row;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || isDate(value)) return undefined;
    value = value[key];
  }
  return value;
}

/** Where a binding that differs between the two captures comes from. */
function sourceOf(
  index: number,
  position: number,
  [a, b]: [CapturedStatement[], CapturedStatement[]],
  [rolesA, rolesB]: [Record<RequestRole, Captured>, Record<RequestRole, Captured>],
): ReplayBinding {
  const valueA = a[index]?.bindings[position] ?? null;
  const valueB = b[index]?.bindings[position] ?? null;
  const role = REQUEST_ROLES.find((r) => sameValue(valueA, rolesA[r]) && sameValue(valueB, rolesB[r]));
  if (role) return { role };
  for (let earlier = 0; earlier < index; earlier++) {
    for (const [path, result] of scalars(a[earlier]?.firstRow ?? null)) {
      const inB = valueAt(b[earlier]?.firstRow, path);
      if (path.length && sameValue(valueA, result) && inB !== undefined && sameValue(valueB, inB))
        return { statement: earlier, path, asDate: isDate(valueA) };
    }
  }
  throw new Error(
    `B2b: binding $${position + 1} of statement ${index + 1} (${a[index]?.text.slice(0, 80)}…) differs between two ` +
      `submissions (${JSON.stringify(valueA)} / ${JSON.stringify(valueB)}) and is neither a value of the request nor ` +
      'one an earlier statement answered: teach server/bench/b2bReplay.ts where it comes from',
  );
}

/**
 * The submission's statements up to its COMMIT. What the app runs after it, before answering, is
 * the live figures' work after a commit, paced per form (at most one read per 250 ms, not one per
 * entry), so one capture has it and the next does not.
 */
function untilCommit(statements: CapturedStatement[]): CapturedStatement[] {
  const commit = statements.findLastIndex((s) => s.text.startsWith('COMMIT'));
  return commit < 0 ? statements : statements.slice(0, commit + 1);
}

/** The replay script of two captured submissions, which must have run the same statements. */
export function replayScript(
  captures: [CapturedStatement[], CapturedStatement[]],
  requests: [SubmissionRequest, SubmissionRequest],
): ReplayStatement[] {
  const captured: [CapturedStatement[], CapturedStatement[]] = [untilCommit(captures[0]), untilCommit(captures[1])];
  const [a, b] = captured;
  const shape = (statements: CapturedStatement[]) =>
    statements.map((s) => `${s.name ?? ''}|${s.text}|${s.bindings.length}`).join('\u0000');
  if (shape(a) !== shape(b)) {
    const [one, two] = [shape(a).split('\u0000'), shape(b).split('\u0000')];
    const at = one.findIndex((line, i) => line !== two[i]);
    throw new Error(
      `B2b: two captured submissions ran different statements (${one.length} and ${two.length}); ` +
        `statement ${at + 1}: ${one[at]?.slice(0, 200)} / ${two[at]?.slice(0, 200)}`,
    );
  }
  const roles: [Record<RequestRole, Captured>, Record<RequestRole, Captured>] = [
    requestRoles(requests[0]),
    requestRoles(requests[1]),
  ];
  return a.map((statement, index) => ({
    text: statement.text,
    ...(statement.name ? { name: statement.name } : {}),
    bindings: statement.bindings.map((value, position) =>
      JSON.stringify(value) === JSON.stringify(b[index]?.bindings[position])
        ? { constant: value }
        : sourceOf(index, position, captured, roles),
    ),
  }));
}
