/**
 * Reads what an image's consensus depends on (its counted entries, the machine's reading when the
 * owner counts it, the owner's accepted values, the time of its last entry) and computes the
 * figures with `common/`'s rules. It writes nothing:
 * storing them, with completion, is the image state writer's job (services/imageState/), which
 * calls this inside its transaction with the image row locked.
 */
import { computeConsensus, type ImageConsensus } from '@formscribe/common/consensus';
import { plannedOnce } from '../../db/plannedOnce.ts';
import type { SqlRunner } from '../../db/sqlRunner.ts';
import type { StoredFieldStatus } from '../../models/FormImage.ts';
import type { FieldResolution, Form, FormImage } from '../../models/index.ts';
import {
  type CountedEntry,
  type ImageInsightInputs,
  imageInsightInputColumns,
  insightInputsOf,
} from '../insights/imageInsights.ts';
import { type MachineEntry, withMachineEntry } from '../ocr/machineEntry.ts';
import { contributorsFromJson, contributorsJsonSql, type ImageContributor } from '../submissions/imageContributors.ts';

/** The consensus columns of an image row. */
export interface ConsensusState {
  entryCount: number;
  verifiedFieldCount: number;
  totalFieldCount: number;
  fieldStatus: Record<string, StoredFieldStatus>;
  lastSubmissionAt: Date | null;
}

/** The image's consensus, and what its Insights figures are computed from (read in the same statement). */
export interface ConsensusReading {
  state: ConsensusState;
  insightInputs: ImageInsightInputs;
  /** Who entered the image, when asked for (its live event after an entry came or went). */
  contributors?: ImageContributor[];
}

/** What the consensus is computed from, as one statement returns it. */
interface ConsensusInputs extends ImageInsightInputs {
  /** Entries that count: oldest first, without those of users blocked with "drop their entries". */
  entries: CountedEntry[];
  /** The machine's readings that count (services/ocr/): never a submission, so never in `entries`. */
  machine: MachineEntry;
  resolutions: Pick<FieldResolution, 'fieldId' | 'value'>[];
  lastSubmissionAt: Date | null;
}

/**
 * The columns of what the consensus is computed from, for a statement binding :imageId and
 * :formId: the image's counted entries, counted readings, accepted values and last entry time, with
 * the image's stored Insights share and disagreements, which every change that reads its consensus
 * also moves (services/insights/), so that needs no read of its own. `submissions` is where the
 * entries are read from: the table, or the table with the entry the statement inserts
 * (submissions/submissionRecorder.ts reads them in the statement that writes an entry).
 */
export function consensusInputColumns(withContributors: boolean, submissions = 'form_submissions'): string {
  return `${imageInsightInputColumns(submissions)},
       (SELECT coalesce(json_agg(json_build_object('fieldId', r.field_id, 'value', r.value)), '[]'::json)
         FROM field_resolutions r WHERE r.image_id = :imageId) AS resolutions,
       -- Readings count when the form has machine reading on, the field is not switched off and
       -- the reading is at or above the owner threshold of confidence; empty readings never do.
       (SELECT coalesce(json_object_agg(m.field_id, m.value), '{}'::json) FROM machine_readings m
         JOIN form_machine_reading_settings o ON o.form_id = :formId AND o.enabled
         WHERE m.image_id = :imageId AND m.value <> '' AND m.confidence >= o.confidence_threshold
           AND m.field_id <> ALL (o.off_field_ids)) AS machine,
       (SELECT max(s.submitted_at) FROM ${submissions} s WHERE s.image_id = :imageId) AS latest
       ${withContributors ? `, ${contributorsJsonSql(submissions)} AS contributors` : ''}`;
}

/** A row that selected `consensusInputColumns`. */
export interface ConsensusRow extends Record<string, unknown> {
  machine: MachineEntry;
  resolutions: ConsensusInputs['resolutions'];
  latest: Date | null;
  contributors?: Parameters<typeof contributorsFromJson>[0];
}

function consensusInputsOf(
  row: ConsensusRow,
  withContributors: boolean,
): ConsensusInputs & { contributors?: ImageContributor[] } {
  return {
    ...insightInputsOf(row),
    machine: row.machine,
    resolutions: row.resolutions,
    lastSubmissionAt: row.latest ?? null,
    contributors: withContributors ? contributorsFromJson(row.contributors ?? []) : undefined,
  };
}

async function readConsensusInputs(
  sql: SqlRunner,
  image: FormImage,
  withContributors: boolean,
): Promise<ConsensusInputs & { contributors?: ImageContributor[] }> {
  const [row] = await sql.query<ConsensusRow>(
    `SELECT ${consensusInputColumns(withContributors)}`,
    { imageId: image.id, formId: image.formId },
    plannedOnce(withContributors ? 'consensus_inputs_with_contributors' : 'consensus_inputs').name,
  );
  if (!row) throw new Error('the consensus read answered no row');
  return consensusInputsOf(row, withContributors);
}

/** The image's consensus as its entries and accepted values say now, under the form's fields and threshold. */
export async function readConsensus(
  sql: SqlRunner,
  image: FormImage,
  form: Form,
  { withContributors = false } = {},
): Promise<ConsensusReading> {
  return consensusOf(await readConsensusInputs(sql, image, withContributors), form);
}

/** The consensus from a row that selected `consensusInputColumns(withContributors, …)`. */
export function consensusFromRow(row: ConsensusRow, form: Form, withContributors: boolean): ConsensusReading {
  return consensusOf(consensusInputsOf(row, withContributors), form);
}

function consensusOf(inputs: ConsensusInputs & { contributors?: ImageContributor[] }, form: Form): ConsensusReading {
  const { machine, resolutions, lastSubmissionAt } = inputs;
  const entries = inputs.entries.map((entry) => entry.data);
  const marks = inputs.entries.map((entry) => entry.asWritten);
  const fields = form.fields;
  const people = computeConsensus(fields, entries, form.requiredEntriesPerImage, marks);
  const consensus = withResolutions(
    withMachineEntry(people, fields, entries, machine, form.requiredEntriesPerImage),
    resolutions,
  );
  const state = {
    entryCount: consensus.entryCount,
    verifiedFieldCount: consensus.verifiedFieldCount,
    totalFieldCount: consensus.totalFieldCount,
    fieldStatus: consensus.fieldStatus,
    lastSubmissionAt,
  };
  const insightInputs = { entries: inputs.entries, stored: inputs.stored, marks: inputs.marks };
  return { state, insightInputs, contributors: inputs.contributors };
}

/** An owner's accepted value settles a field, whatever the entries say (for fields the form still has). */
function withResolutions(consensus: ImageConsensus, resolutions: ConsensusInputs['resolutions']): ImageConsensus {
  const fieldStatus = { ...consensus.fieldStatus };
  for (const resolution of resolutions) {
    if (!(resolution.fieldId in fieldStatus)) continue;
    fieldStatus[resolution.fieldId] = { isVerified: true, verifiedValue: resolution.value };
  }
  const verifiedFieldCount = Object.values(fieldStatus).filter((s) => s.isVerified).length;
  return { ...consensus, fieldStatus, verifiedFieldCount };
}
