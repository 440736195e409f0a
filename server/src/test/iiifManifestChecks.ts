/**
 * IIIF Presentation 3's rules for what our manifests hold, and the W3C Web Annotation shape of
 * their annotations, written out as a checker: `presentation3Problems` lists every rule a
 * document breaks (empty when it keeps them all). Not a full validator: it checks the properties
 * the specification requires of a manifest, its canvases, their painting pages and annotations.
 */

type Json = unknown;

const CONTEXT = 'http://iiif.io/api/presentation/3/context.json';
const XYWH = /#xywh=(\d+),(\d+),(\d+),(\d+)$/;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isHttpUrl = (value: Json) => typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);
const isPositiveInteger = (value: Json) => Number.isInteger(value) && Number(value) > 0;

/** A language map: language code → a list of strings ("none" when no language applies). */
function isLanguageMap(value: Json): boolean {
  if (!isObject(value) || Object.keys(value).length === 0) return false;
  return Object.values(value).every((list) => Array.isArray(list) && list.every((text) => typeof text === 'string'));
}

class Problems {
  readonly list: string[] = [];
  private readonly ids = new Set<string>();
  check(ok: boolean, what: string) {
    if (!ok) this.list.push(what);
  }
  /** Every resource has an HTTP(S) id of its own, never shared with another resource. */
  resource(value: Record<string, Json>, type: string, where: string) {
    this.check(value.type === type, `${where}: type must be ${type}, is ${String(value.type)}`);
    this.check(isHttpUrl(value.id), `${where}: id must be an http(s) URI`);
    const id = String(value.id);
    this.check(!this.ids.has(id), `${where}: id ${id} is used twice`);
    this.ids.add(id);
  }
}

function checkPaintingAnnotation(problems: Problems, annotation: Json, canvas: Record<string, Json>, at: string) {
  if (!isObject(annotation)) return problems.check(false, `${at}: must be an Annotation object`);
  problems.resource(annotation, 'Annotation', at);
  problems.check(annotation.motivation === 'painting', `${at}: motivation must be painting`);
  problems.check(annotation.target === canvas.id, `${at}: target must be its canvas`);
  const body = annotation.body;
  if (!isObject(body)) return problems.check(false, `${at}: body must be a resource`);
  problems.check(body.type === 'Image', `${at}: body type must be Image`);
  problems.check(isHttpUrl(body.id), `${at}: body id must be an http(s) URI`);
  problems.check(typeof body.format === 'string' && /^image\//.test(body.format), `${at}: body format must be image/*`);
  problems.check(isPositiveInteger(body.width) && isPositiveInteger(body.height), `${at}: body needs width and height`);
}

function checkPaintingPage(problems: Problems, page: Json, canvas: Record<string, Json>, where: string) {
  if (!isObject(page)) return problems.check(false, `${where}: must be an AnnotationPage object`);
  problems.resource(page, 'AnnotationPage', where);
  const annotations = Array.isArray(page.items) ? page.items : [];
  problems.check(annotations.length > 0, `${where}: items must list its annotations`);
  for (const [index, annotation] of annotations.entries()) {
    checkPaintingAnnotation(problems, annotation, canvas, `${where}.items[${index}]`);
  }
}

/** A W3C Web Annotation on the canvas: a TextualBody, targeting the canvas or a box inside it. */
function checkWebAnnotation(problems: Problems, annotation: Json, canvas: Record<string, Json>, where: string) {
  if (!isObject(annotation)) return problems.check(false, `${where}: must be an Annotation object`);
  problems.resource(annotation, 'Annotation', where);
  problems.check(typeof annotation.motivation === 'string', `${where}: needs a motivation`);
  if (annotation.label !== undefined)
    problems.check(isLanguageMap(annotation.label), `${where}: label must be a language map`);
  const body = annotation.body;
  if (!isObject(body)) return problems.check(false, `${where}: body must be a resource`);
  problems.check(body.type === 'TextualBody', `${where}: body type must be TextualBody`);
  problems.check(typeof body.value === 'string', `${where}: TextualBody needs a string value`);
  problems.check(body.format === undefined || typeof body.format === 'string', `${where}: body format must be text`);
  const target = typeof annotation.target === 'string' ? annotation.target : '';
  const box = XYWH.exec(target);
  problems.check(
    target === canvas.id || (box !== null && target.startsWith(`${canvas.id}#`)),
    `${where}: target must be its canvas or #xywh= on it`,
  );
  if (box) {
    const [x, y, w, h] = box.slice(1).map(Number) as [number, number, number, number];
    const inside = w > 0 && h > 0 && x + w <= Number(canvas.width) && y + h <= Number(canvas.height);
    problems.check(inside, `${where}: the box ${box[0]} must lie inside the canvas`);
  }
}

function checkCanvas(problems: Problems, canvas: Json, where: string) {
  if (!isObject(canvas)) return problems.check(false, `${where}: must be a Canvas object`);
  problems.resource(canvas, 'Canvas', where);
  problems.check(isLanguageMap(canvas.label), `${where}: label must be a language map`);
  problems.check(
    isPositiveInteger(canvas.width) && isPositiveInteger(canvas.height),
    `${where}: needs width and height`,
  );
  const pages = Array.isArray(canvas.items) ? canvas.items : [];
  problems.check(pages.length > 0, `${where}: items must hold its painting AnnotationPage`);
  for (const [index, page] of pages.entries()) checkPaintingPage(problems, page, canvas, `${where}.items[${index}]`);
  if (canvas.annotations === undefined) return;
  if (!Array.isArray(canvas.annotations)) return problems.check(false, `${where}: annotations must be a list`);
  for (const [index, page] of canvas.annotations.entries())
    checkAnnotationPage(problems, page, canvas, `${where}.annotations[${index}]`);
}

function checkAnnotationPage(problems: Problems, page: Json, canvas: Record<string, Json>, at: string) {
  if (!isObject(page)) return problems.check(false, `${at}: must be an AnnotationPage object`);
  problems.resource(page, 'AnnotationPage', at);
  const items = Array.isArray(page.items) ? page.items : [];
  for (const [n, annotation] of items.entries()) checkWebAnnotation(problems, annotation, canvas, `${at}.items[${n}]`);
}

export function presentation3Problems(manifest: Json): string[] {
  const problems = new Problems();
  if (!isObject(manifest)) return ['the manifest must be a JSON object'];
  const context = manifest['@context'];
  const contexts = Array.isArray(context) ? context : [context];
  problems.check(contexts.at(-1) === CONTEXT, `@context must end with ${CONTEXT}`);
  problems.resource(manifest, 'Manifest', 'manifest');
  problems.check(isLanguageMap(manifest.label), 'manifest: label must be a language map');
  if (manifest.summary !== undefined)
    problems.check(isLanguageMap(manifest.summary), 'manifest: summary must be a language map');
  if (!Array.isArray(manifest.items)) problems.check(false, 'manifest: items must list its canvases');
  else for (const [index, canvas] of manifest.items.entries()) checkCanvas(problems, canvas, `items[${index}]`);
  return problems.list;
}
