import { runMain } from '@brandradar/platform';
import { notifierService } from './service';

runMain(notifierService);
