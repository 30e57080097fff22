import { runMain } from '@brandradar/platform';
import { trackerService } from './service';

runMain(trackerService);
