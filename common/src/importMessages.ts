/** What the import routes answer when an import is not there (another form's, or a made-up id). */
export const IMPORT_NOT_FOUND = 'Import not found';
