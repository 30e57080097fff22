import { runMain } from '@brandradar/platform';
import { runnerService } from './service';

runMain(runnerService);
