/** The fr catalogue: one file per part of the interface, loaded as one chunk when the language is used. */

import account from './account.json';
import app from './app.json';
import common from './common.json';
import entry from './entry.json';
import errors from './errors.json';
import owner from './owner.json';
import ownerTabs from './ownerTabs.json';
import progress from './progress.json';

export default { common, entry, owner, ownerTabs, progress, account, app, errors };
