/**
 * The public face of the schemes module: what other modules may use. Other modules import from
 * here (`'../schemes'`), never from a file inside the module.
 */
export { schemePointsPerScan } from './schemes.repository';
