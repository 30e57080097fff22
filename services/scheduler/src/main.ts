import { runMain } from '@brandradar/platform';
import { schedulerService } from './service';

runMain(schedulerService);
