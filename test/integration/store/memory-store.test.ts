import { openStore } from '../../../reference-aspsp/store/index.ts';
import { describeStoreContract } from './contract.ts';

describeStoreContract('memory', {
  open: () => openStore({ kind: 'memory' }),
  durable: false,
  sharedByInstances: false,
});
