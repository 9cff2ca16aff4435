import type { Domain } from '../server/domain.ts';
import { registerRoute, stetRegisterRoute } from './register-route.ts';

/** TPP enrolment: `POST /register` (demo TPPs are enrolled by app.ts, which holds the PKI). */
export const tppDomain: Domain = { name: 'tpp', routes: [registerRoute, stetRegisterRoute] };
