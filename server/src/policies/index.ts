/** Every access decision, one file per resource; routes, socket watches and jobs import from here. */
export * from './admin.ts';
export * from './entry.ts';
export * from './forms.ts';
export * from './images.ts';
export * from './invites.ts';
export * from './submissions.ts';
