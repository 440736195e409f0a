/**
 * The parts of the OpenAPI document the reference page shows, read with zod (the server builds
 * the document from the shared schemas; this only narrows it for display). Pure, so it is tested.
 */
import { z } from 'zod';

const parameterSchema = z.object({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
});

const mediaSchema = z.record(z.string(), z.object({ schema: z.unknown().optional() }).loose());

const operationSchema = z
  .object({
    summary: z.string().optional(),
    description: z.string().optional(),
    security: z.array(z.unknown()).optional(),
    'x-token-scope': z.string().optional(),
    parameters: z.array(parameterSchema).optional(),
    requestBody: z.object({ content: mediaSchema }).loose().optional(),
    responses: z.record(z.string(), z.object({ description: z.string().optional(), content: mediaSchema.optional() })),
  })
  .loose();

const documentSchema = z
  .object({
    info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .loose();

export type ApiParameter = z.infer<typeof parameterSchema>;
export type ApiMedia = z.infer<typeof mediaSchema>;

export interface ApiOperation {
  /** The id of its section on the page, for the table of contents: 'get-api-v1-forms-id-images'. */
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  access: 'public' | 'read' | 'read_write';
  parameters: ApiParameter[];
  requestBody?: ApiMedia;
  responses: { status: string; description: string; content?: ApiMedia }[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A JSON Schema's type in a few words: `integer`, `string | null`, `array of object`, `one of …`. */
export function schemaTypeText(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return 'any';
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum)) return s.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (s.type === 'array') return `array of ${schemaTypeText(s.items)}`;
  if (typeof s.type === 'string') return s.type;
  const variants = s.anyOf ?? s.oneOf;
  if (Array.isArray(variants)) return variants.map(schemaTypeText).join(' | ');
  return 'any';
}

/** The document's operations in its own order, each with what the page needs. */
export function readOperations(document: unknown): { title: string; intro: string; operations: ApiOperation[] } {
  const doc = documentSchema.parse(document);
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (raw === undefined) continue;
      const operation = operationSchema.parse(raw);
      operations.push({
        anchor: `${method}-${path}`
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
        description: operation.description,
        access:
          operation.security?.length === 0
            ? 'public'
            : operation['x-token-scope'] === 'read_write'
              ? 'read_write'
              : 'read',
        parameters: operation.parameters ?? [],
        requestBody: operation.requestBody?.content,
        responses: Object.entries(operation.responses).map(([status, response]) => ({
          status,
          description: response.description ?? '',
          content: response.content,
        })),
      });
    }
  }
  return { title: `${doc.info.title} v${doc.info.version}`, intro: doc.info.description ?? '', operations };
}
