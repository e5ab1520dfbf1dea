/** What other modules use of the channel: a registration naming its dealer opens the first link. */
export { openFirstLink } from './channel.service';
