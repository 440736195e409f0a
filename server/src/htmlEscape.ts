/** Text made safe inside HTML, an element's content or a quoted attribute (mail, and the page shell's hints). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
