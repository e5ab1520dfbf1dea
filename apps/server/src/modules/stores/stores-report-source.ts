import { reportOf } from '../../lib/lists/report';
import { storeList } from './stores.repository';

/** The `stores` report type: the Locator's list declaration, stores added in the range. */
export const storesReportSource = reportOf(storeList, 'createdAt');
