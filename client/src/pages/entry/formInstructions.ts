/**
 * Whether this browser has shown a form's instructions, kept in localStorage per form. What is
 * kept is a fingerprint of the text, so instructions the owner rewrites are shown once more.
 */
import { readStorage, writeStorage } from '../../stores/browserStorage.ts';

/** A form's instructions on the entry page, and whether their dialog is open. */
export interface FormInstructions {
  text: string;
  open: boolean;
  setOpen: (open: boolean) => void;
}

const keyOf = (formId: number) => `formInstructionsSeen:${formId}`;

/** A short, stable fingerprint (FNV-1a); only ever compared with itself. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length}:${hash.toString(16)}`;
}

export function instructionsSeen(formId: number, text: string): boolean {
  return readStorage(keyOf(formId)) === fingerprint(text);
}

export function rememberInstructionsSeen(formId: number, text: string): void {
  writeStorage(keyOf(formId), fingerprint(text));
}
