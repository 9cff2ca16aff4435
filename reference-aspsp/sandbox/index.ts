/** The sandbox control API of the reference bank (docs/contracts.md §5). */
export { sandboxDomain } from './sandbox-domain.ts';
