import type { BankTransactionCode } from './psu-data.ts';
import type { Prng } from './prng.ts';

/**
 * The operation types the seed says transactions report (Resources > Transaction), each with its
 * bank transaction code, direction, a typical amount range and the labels it is written with.
 */
export interface OperationType {
  readonly name: string;
  readonly creditDebitIndicator: 'CRDT' | 'DBIT';
  readonly bankTransactionCode: BankTransactionCode;
  /** Amount range in minor units. */
  readonly minCents: number;
  readonly maxCents: number;
  /** Relative frequency in a current account history. */
  readonly weight: number;
  /** Remittance line; `{x}` is replaced by a counterparty. */
  readonly label: string;
  readonly counterparties: readonly string[];
}

/** `iso` is `domain/family/subFamily`; `bankCode` the bank's own (CFONB) operation code. */
function code(iso: string, bankCode: string): BankTransactionCode {
  const [domain = '', family = '', subFamily = ''] = iso.split('/');
  return { domain, family, subFamily, code: bankCode, issuer: 'CFONB' };
}

/** Every operation type of the seed, in its order. */
export const operationTypes: readonly OperationType[] = [
  {
    name: 'transfer-issued',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('PMNT/ICDT/ESCT', '06'),
    minCents: 2000,
    maxCents: 80000,
    weight: 8,
    label: 'VIR SEPA EMIS {x}',
    counterparties: ['LOYER', 'EPARGNE', 'J. BERNARD', 'ASSOCIATION SPORTIVE'],
  },
  {
    name: 'transfer-received',
    creditDebitIndicator: 'CRDT',
    bankTransactionCode: code('PMNT/RCDT/ESCT', '05'),
    minCents: 5000,
    maxCents: 320000,
    weight: 5,
    label: 'VIR SEPA RECU {x}',
    counterparties: ['SALAIRE ACME SA', 'REMBOURSEMENT CPAM', 'M. ROUX', 'CAF'],
  },
  {
    name: 'direct-debit-issued',
    creditDebitIndicator: 'CRDT',
    bankTransactionCode: code('PMNT/IDDT/ESDD', '08'),
    minCents: 1000,
    maxCents: 20000,
    weight: 1,
    label: 'PRLV SEPA EMIS {x}',
    counterparties: ['COTISATION CLUB'],
  },
  {
    name: 'direct-debit-received',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('PMNT/RDDT/ESDD', '09'),
    minCents: 1500,
    maxCents: 15000,
    weight: 10,
    label: 'PRLV SEPA {x}',
    counterparties: ['EDF', 'ORANGE', 'ASSURANCE HABITATION', 'EAU DE PARIS', 'FREE MOBILE'],
  },
  {
    name: 'interests',
    creditDebitIndicator: 'CRDT',
    bankTransactionCode: code('ACMT/MCOP/INTR', '14'),
    minCents: 10,
    maxCents: 2000,
    weight: 1,
    label: 'INTERETS {x}',
    counterparties: ['CREDITEURS'],
  },
  {
    name: 'fees-and-commissions',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('ACMT/MDOP/CHRG', '17'),
    minCents: 100,
    maxCents: 1500,
    weight: 2,
    label: 'FRAIS {x}',
    counterparties: ['TENUE DE COMPTE', 'COTISATION CARTE', 'COMMISSION INTERVENTION'],
  },
  {
    name: 'reversal-and-retrocession',
    creditDebitIndicator: 'CRDT',
    bankTransactionCode: code('PMNT/RCDT/RRTN', '27'),
    minCents: 500,
    maxCents: 10000,
    weight: 1,
    label: 'RETROCESSION {x}',
    counterparties: ['FRAIS', 'VIR RETOURNE'],
  },
  {
    name: 'bill-of-exchange',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('PMNT/DRFT/OTHR', '35'),
    minCents: 10000,
    maxCents: 150000,
    weight: 1,
    label: 'LCR {x}',
    counterparties: ['FOURNISSEUR DUPONT'],
  },
  {
    name: 'securities',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('SECU/SETT/OTHR', '41'),
    minCents: 10000,
    maxCents: 200000,
    weight: 1,
    label: 'ACHAT TITRES {x}',
    counterparties: ['SICAV MONETAIRE', 'ACTIONS'],
  },
  {
    name: 'cheques',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('PMNT/ICHQ/CCHQ', '01'),
    minCents: 1500,
    maxCents: 40000,
    weight: 2,
    label: 'CHEQUE {x}',
    counterparties: ['N 0000123', 'N 0000124', 'N 0000125'],
  },
  {
    name: 'cards',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('PMNT/CCRD/POSD', '11'),
    minCents: 300,
    maxCents: 12000,
    weight: 14,
    label: 'CB {x}',
    counterparties: ['CARREFOUR', 'SNCF', 'BOULANGERIE', 'PHARMACIE', 'FNAC', 'MONOPRIX', 'TOTAL ENERGIES'],
  },
  {
    name: 'incidents-and-unpaid',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('PMNT/RDDT/UPDD', '33'),
    minCents: 500,
    maxCents: 5000,
    weight: 1,
    label: 'IMPAYE {x}',
    counterparties: ['PRLV REJETE'],
  },
  {
    name: 'loans',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('LDAS/CSLN/PPAY', '45'),
    minCents: 20000,
    maxCents: 90000,
    weight: 2,
    label: 'ECHEANCE PRET {x}',
    counterparties: ['IMMOBILIER', 'AUTO'],
  },
  {
    name: 'international',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('PMNT/ICDT/XBCT', '07'),
    minCents: 5000,
    maxCents: 100000,
    weight: 1,
    label: 'VIR INTERNATIONAL {x}',
    counterparties: ['LONDON LTD', 'NEW YORK INC'],
  },
  {
    name: 'cash',
    creditDebitIndicator: 'DBIT',
    bankTransactionCode: code('PMNT/CCRD/CWDL', '02'),
    minCents: 2000,
    maxCents: 20000,
    weight: 3,
    label: 'RETRAIT DAB {x}',
    counterparties: ['PARIS 11', 'LYON PART DIEU'],
  },
  {
    name: 'others',
    creditDebitIndicator: 'CRDT',
    bankTransactionCode: code('PMNT/OTHR/OTHR', '99'),
    minCents: 100,
    maxCents: 5000,
    weight: 1,
    label: 'OPERATION DIVERSE {x}',
    counterparties: ['REGULARISATION'],
  },
];

const totalWeight = operationTypes.reduce((sum, type) => sum + type.weight, 0);

/** Draws an operation type by weight. */
export function pickOperationType(prng: Prng): OperationType {
  let draw = prng.next() * totalWeight;
  for (const type of operationTypes) {
    draw -= type.weight;
    if (draw < 0) return type;
  }
  return operationByName('others');
}

/** The operation type named `name` (a typo here is a bug of the generator, so it throws). */
export function operationByName(name: string): OperationType {
  const type = operationTypes.find((candidate) => candidate.name === name);
  if (type === undefined) throw new RangeError(`unknown operation type ${name}`);
  return type;
}

/** The label of a drawn operation. */
export function labelFor(type: OperationType, prng: Prng): string {
  return type.label.replace('{x}', prng.pick(type.counterparties));
}
