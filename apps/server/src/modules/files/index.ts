/**
 * The public face of the files module: what other modules may use. Other modules import from
 * here (`'../files'`), never from a file inside the module.
 */
export { claimFile, openStored, storeUpload } from './files.service';
