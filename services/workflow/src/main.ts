import { runMain } from '@brandradar/platform';
import { workflowService } from './service';

runMain(workflowService);
