import { runMain } from '@brandradar/platform';
import { billingService } from './service';

runMain(billingService);
