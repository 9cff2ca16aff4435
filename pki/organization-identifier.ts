/**
 * The PSD2 organizationIdentifier of ETSI TS 119 495 section 5.2.1: `PSD` + country + `-` + NCA
 * identifier + `-` + the authorisation number the NCA gave the TPP, e.g. `PSDFR-ACPR-12345`.
 */
import { PkiError } from './pki-error.ts';

/** The three parts of an organizationIdentifier. */
export interface OrganizationIdentifier {
  value: string;
  /** ISO 3166 country code, e.g. `FR`. */
  country: string;
  /** The competent authority's short identifier, e.g. `ACPR`. */
  nca: string;
  authorisationNumber: string;
}

const pattern = /^PSD([A-Z]{2})-([A-Z]{2,8})-([A-Za-z0-9][A-Za-z0-9.-]{0,34})$/;

/** Parses an organizationIdentifier; throws {@link PkiError} `ERR_PKI_BAD_ORG_ID` otherwise. */
export function parseOrganizationIdentifier(value: string): OrganizationIdentifier {
  const match = pattern.exec(value);
  if (match === null) {
    throw new PkiError('ERR_PKI_BAD_ORG_ID', `not a PSD2 organizationIdentifier: ${JSON.stringify(value)}`, {
      hint: 'use PSD<country>-<NCA id>-<authorisation number>, e.g. PSDFR-ACPR-12345',
    });
  }
  const [, country = '', nca = '', authorisationNumber = ''] = match;
  return { value, country, nca, authorisationNumber };
}

/** The NCA identifier ETSI TS 119 495 derives from the organizationIdentifier, e.g. `FR-ACPR`. */
export function defaultNcaId(id: OrganizationIdentifier): string {
  return `${id.country}-${id.nca}`;
}
