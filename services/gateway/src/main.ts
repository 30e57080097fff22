import { runMain } from '@brandradar/platform';
import { gatewayService } from './service';

runMain(gatewayService);
