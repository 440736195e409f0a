/**
 * Copying an invite link. The Clipboard API needs a secure context (https or localhost) and
 * may be refused; then the link's text is selected so the user can copy it themselves, after
 * one try of the older copy command that works on a selection.
 */
export type CopyOutcome = 'copied' | 'selected';

function selectText(element: HTMLInputElement): void {
  element.focus();
  element.select();
  element.setSelectionRange(0, element.value.length);
}

function copySelection(): boolean {
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  }
}

export async function copyText(text: string, fallbackField: HTMLInputElement | null): Promise<CopyOutcome> {
  const clipboard: Clipboard | undefined = navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return 'copied';
    } catch {
      // Refused (no permission, document not focused): fall back to the selection below.
    }
  }
  if (!fallbackField) return 'selected';
  selectText(fallbackField);
  return copySelection() ? 'copied' : 'selected';
}
