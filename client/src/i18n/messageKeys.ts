/**
 * The message keys the interface may ask for, from the English catalogue's parts: `t('entry.submit')`
 * fails to compile when English has no such message. The other languages are held to English's
 * keys by the catalogue test (catalogues.test.ts).
 */
import type { CataloguePart } from '@formscribe/common/i18n/catalogueParts';
import type account from './catalogues/en/account.json';
import type app from './catalogues/en/app.json';
import type common from './catalogues/en/common.json';
import type entry from './catalogues/en/entry.json';
import type errors from './catalogues/en/errors.json';
import type owner from './catalogues/en/owner.json';
import type ownerTabs from './catalogues/en/ownerTabs.json';
import type progress from './catalogues/en/progress.json';

interface Catalogue {
  common: typeof common;
  app: typeof app;
  account: typeof account;
  entry: typeof entry;
  owner: typeof owner;
  ownerTabs: typeof ownerTabs;
  progress: typeof progress;
  errors: typeof errors;
}

export type MessageKey = {
  [Part in CataloguePart]: `${Part}.${keyof Catalogue[Part] & string}`;
}[CataloguePart];
