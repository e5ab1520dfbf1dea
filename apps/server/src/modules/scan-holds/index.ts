export { heldOfMember } from './scan-holds.repository';
