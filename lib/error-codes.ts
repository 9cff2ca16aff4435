/**
 * The registry of every error code the tool raises on purpose: one entry per code, saying where it
 * comes from, the exit status of a command it stops, what it means in one line and what to do about it.
 *
 * A {@link CodedError} can only carry a code of this registry (a typo does not compile), the CLI takes
 * its exit status from here, and `docs/errors.md` is generated from it (`npm run spec:build`). Codes are
 * stable and never reused, as in fastify: rename nothing, remove a code only with the code that raised it.
 */
import { ExitCode } from './exit-codes.ts';

/** The top-level folder whose code raises an error (the sections of docs/errors.md). */
export type ErrorArea =
  'cli' | 'harness' | 'traffic' | 'load' | 'reference-aspsp' | 'spec' | 'protocol' | 'pki' | 'tools';

/** What the registry says about one code. */
export interface ErrorCodeEntry {
  /** The folder that raises it. */
  readonly area: ErrorArea;
  /** The exit status of a command this error stops. */
  readonly exit: ExitCode;
  /** What happened, in one line. */
  readonly meaning: string;
  /** What the user can do; the hint printed when the error itself gives none. */
  readonly hint: string;
}

const harnessError = ExitCode.HarnessError;

/** Every error code of the tool, by code. */
export const errorCodes = {
  // cli/
  ERR_EMBEDDED_REFERENCE: {
    area: 'cli',
    exit: harnessError,
    meaning: 'The reference bank started inside the command could not be started or answered wrongly.',
    hint: 'run `stet-harness serve` alone to see why it does not start, or give --target for a bank of your own',
  },
  ERR_FAULTS_OPTION: {
    area: 'cli',
    exit: harnessError,
    meaning: 'An option of `stet-harness faults` is refused.',
    hint: 'see `stet-harness faults --help`',
  },
  ERR_FAULT_NAME: {
    area: 'cli',
    exit: harnessError,
    meaning:
      'A --fault name (serve, run, repro, selftest, fuzz, load, versions) is not a fault of the reference bank.',
    hint: '`stet-harness faults` lists every fault name',
  },
  ERR_FUZZ_OPTION: {
    area: 'cli',
    exit: harnessError,
    meaning: 'An option of `stet-harness fuzz` is refused.',
    hint: 'see `stet-harness fuzz --help`',
  },
  ERR_LIST_KIND: {
    area: 'cli',
    exit: harnessError,
    meaning: '`stet-harness list` was asked for something it cannot list.',
    hint: 'see `stet-harness list --help` for what it lists',
  },
  ERR_MERGE_INPUT: {
    area: 'cli',
    exit: harnessError,
    meaning: 'A folder given to `merge-reports` holds no readable report.json.',
    hint: 'give the folders the shards wrote with run --out (each holds a report.json)',
  },
  ERR_OUTPUT_FOLDER_MISSING: {
    area: 'cli',
    exit: harnessError,
    meaning: 'An output file is asked for in a folder that does not exist.',
    hint: 'create the folder first, or choose a path in an existing one',
  },
  ERR_OUTPUT_NOT_A_FOLDER: {
    area: 'cli',
    exit: harnessError,
    meaning: 'An output folder (--out) is an existing file.',
    hint: 'choose a folder path for --out',
  },
  ERR_PORT_DENIED: {
    area: 'cli',
    exit: harnessError,
    meaning: 'The port asked for may not be opened by this user.',
    hint: 'choose a --port above 1023, or 0 for a free one',
  },
  ERR_PORT_IN_USE: {
    area: 'cli',
    exit: harnessError,
    meaning: 'The port asked for is already in use.',
    hint: 'stop what listens there, or choose another --port (0 picks a free one)',
  },
  ERR_REPRO_OPTION: {
    area: 'cli',
    exit: harnessError,
    meaning: 'An option of `stet-harness repro` is refused, or the case has no cell on the target.',
    hint: 'see `stet-harness repro --help`; `stet-harness list cases` shows the case ids',
  },
  ERR_RUN_EMPTY: {
    area: 'cli',
    exit: harnessError,
    meaning: 'The selection of `run` (filters, shard, --rerun-failed) holds no case to run.',
    hint: '`stet-harness list` shows the suites, cases and rules; widen the filters',
  },
  ERR_RUN_OPTION: {
    area: 'cli',
    exit: harnessError,
    meaning: 'An option of `stet-harness run` is refused.',
    hint: 'see `stet-harness run --help`',
  },
  ERR_SELFTEST_OPTION: {
    area: 'cli',
    exit: harnessError,
    meaning: 'An option of `stet-harness selftest` is refused.',
    hint: 'see `stet-harness selftest --help`',
  },
  ERR_SERVE_OPTION: {
    area: 'cli',
    exit: harnessError,
    meaning: 'An option of `stet-harness serve` is refused.',
    hint: 'see `stet-harness serve --help`',
  },
  ERR_SIGN_OPTION: {
    area: 'cli',
    exit: harnessError,
    meaning: 'An option of `stet-harness sign` is refused.',
    hint: 'see `stet-harness sign --help`',
  },
  ERR_TARGET_FILE_WRITE: {
    area: 'cli',
    exit: harnessError,
    meaning: '`serve --write-target` could not write the target file.',
    hint: 'choose a --write-target path in a folder you can write to',
  },
  ERR_VERSIONS_OPTION: {
    area: 'cli',
    exit: harnessError,
    meaning: 'An option of `stet-harness versions` is refused.',
    hint: 'see `stet-harness versions --help`',
  },

  // harness/
  ERR_BASELINE_INVALID: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The baseline file cannot be read, is not YAML or does not follow its schema.',
    hint: 'check the --baseline path, and fix the file at the line shown (schema: harness/baseline/baseline.schema.json)',
  },
  ERR_BASELINE_NO_REASON: {
    area: 'harness',
    exit: harnessError,
    meaning: 'An entry of the baseline file gives no reason why its deviation is accepted.',
    hint: 'write in each named entry’s reason: why the bank may deviate there for now (and until: when it must stop)',
  },
  ERR_BASELINE_OLD_FORM: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The baseline file is in the former form (rule × institution, no case, no reason required).',
    hint: 'write the baseline again with `run --write-baseline FILE --reason TEXT` and edit the reasons per entry, or give each entry `case: suite/case` and `reason:` by hand (`institution: 10101` becomes `institutions: [10101]`); docs/running.md#baselines',
  },
  ERR_CALLBACK_TIMEOUT: {
    area: 'harness',
    exit: harnessError,
    meaning: 'No redirect reached the local callback listener in time (manual journey).',
    hint: 'finish the journey in the browser within the time, or check the redirect URI of the TPP',
  },
  ERR_CLIENT_CERTIFICATE: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The bank refuses the QWAC of the TPP (untrusted, missing or not enrolled).',
    hint: 'give tpp.qwac a certificate the bank trusts and enrols (the target file)',
  },
  ERR_CLIENT_CREDENTIALS: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The QWAC certificate or key of the target file cannot be used.',
    hint: 'check the tpp.qwac cert and key paths of the target file (PEM, matching pair)',
  },
  ERR_FILTER_UNKNOWN: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A run filter names a suite, case, rule, tag, role, version or institution that does not exist.',
    hint: '`stet-harness list` shows every suite, case and rule',
  },
  ERR_FUZZ_MISMATCH: {
    area: 'harness',
    exit: ExitCode.NotConforming,
    meaning: 'The bank answered otherwise than the fuzzer’s model of it (a finding, shrunk and reported).',
    hint: 'replay the printed command sequence against the bank and compare with the seed',
  },
  ERR_FUZZ_SETUP: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The fuzzer could not set up its personas, consents or tokens.',
    hint: 'the fuzzer needs a target with the sandbox control API (contracts §5)',
  },
  ERR_JOURNEY_FAILED: {
    area: 'harness',
    exit: ExitCode.NotConforming,
    meaning:
      'The bank’s consent pages did not bring the PSU back to redirect_uri (a finding: the journey step fails).',
    hint: 'see the journey transcript or screenshot in the report',
  },
  ERR_JOURNEY_PAGES_UNSEEN: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A case checks the journey’s page fields but its driver does not report the pages.',
    hint: 'drive personas of cases with pageFields with the http driver',
  },
  ERR_MERGE_DUPLICATE: {
    area: 'harness',
    exit: harnessError,
    meaning: 'Two of the reports to merge are the same shard of one run.',
    hint: 'give each shard’s folder once',
  },
  ERR_MERGE_EMPTY: {
    area: 'harness',
    exit: harnessError,
    meaning: '`merge-reports` was given no report.',
    hint: 'give the folders the shards wrote (run --shard i/n --out DIR)',
  },
  ERR_MERGE_FOREIGN: {
    area: 'harness',
    exit: harnessError,
    meaning:
      'A report to merge belongs to another run (another run id: harness version, target, suites or filters) or another split (--shard i/n with another n).',
    hint: 'merge only the shards of one run: the same command with --shard 1/n … n/n',
  },
  ERR_MERGE_INCOMPLETE: {
    area: 'harness',
    exit: harnessError,
    meaning:
      'A shard of the run is missing from the reports to merge: the merge would judge cells never run.',
    hint: 'give every shard’s folder (1/n … n/n), or --allow-partial to merge anyway (every output then says it is incomplete, exit 2)',
  },
  ERR_MERGE_MISMATCH: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The reports to merge are not shards of one run (other target, suites, versions or baseline).',
    hint: 'merge only the shards of one run',
  },
  ERR_MERGE_OVERLAP: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A cell is in two of the reports to merge (the same shard given twice).',
    hint: 'give each shard once',
  },
  ERR_MERGE_UNIDENTIFIED: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A report to merge names no run and shard (written by an older harness, or not by `run`).',
    hint: 'run the shards again with this harness: each report.json then carries run.id and run.shard',
  },
  ERR_REPORT_INVALID: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A report.json read back does not follow harness/report/report.schema.json.',
    hint: 'give a report.json written by `stet-harness run --out DIR`',
  },
  ERR_REPORT_SECRET_LEAK: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A report about to be written holds a registered secret in clear; nothing is written.',
    hint: 'a bug of the redaction (harness/report/redact.ts): please report it with the case that ran',
  },
  ERR_REPORT_WRITE: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The reports could not be written to the output folder.',
    hint: 'choose an --out directory you can write to',
  },
  ERR_SANDBOX_CLONE: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The sandbox control API did not clone the case’s persona.',
    hint: 'the target declares the sandbox capability; check that its control API is on (contracts §5)',
  },
  ERR_SHARD_INVALID: {
    area: 'harness',
    exit: harnessError,
    meaning: '--shard is not i/n with 1 <= i <= n.',
    hint: 'e.g. --shard 2/4',
  },
  ERR_SIGNATURE_CREATED_INVALID: {
    area: 'harness',
    exit: harnessError,
    meaning: "A step's signature.created is not whole Unix seconds.",
    hint: 'give whole seconds since 1970, e.g. {{signatureCreatedInWindow}}',
  },
  ERR_SIGNATURE_EXPIRES_INVALID: {
    area: 'harness',
    exit: harnessError,
    meaning: "A step's signature.expires is not whole Unix seconds.",
    hint: 'give whole seconds since 1970, e.g. 4102444800',
  },
  ERR_SIGNATURE_FORMAT_INVALID: {
    area: 'harness',
    exit: harnessError,
    meaning: "A step's signature.format places a part the signature does not have.",
    hint: 'use only the slots <keyId>, <algorithm>, <headers>, <signature>, <created>, <expires> (docs/suites.md)',
  },
  ERR_SUITE_INVALID: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A suite or fragment file cannot be run: YAML syntax, schema, unknown rule, undefined capture.',
    hint: 'fix the suite file at the line shown (the language: docs/suites.md, harness/suite/suite.schema.json)',
  },
  ERR_SUITE_INCLUDE_CYCLE: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A suite fragment uses itself again, directly or through other fragments.',
    hint: 'break the cycle shown: a fragment may use others, never one that leads back to it',
  },
  ERR_SUITE_INCLUDE_MISSING: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A suite uses a fragment that no _shared/<name>.yaml above it defines.',
    hint: 'check the name after use:, or add the fragment file to suites/_shared/ (docs/suites.md)',
  },
  ERR_TARGET_CERTIFICATE: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The server certificate of the bank is not trusted.',
    hint: 'set `ca:` in the target file to the CA that signed the server certificate, and check the host name',
  },
  ERR_TARGET_INVALID: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The target file cannot be used: YAML syntax, schema, unset ${NAME}, unreadable or expired PEM.',
    hint: 'fix the target file at the line shown (schema: harness/targets/target.schema.json)',
  },
  ERR_TARGET_UNREACHABLE: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The bank could not be reached, or did not answer in time.',
    hint: 'check baseUrl and connect in the target file, and that the host is up and reachable from here',
  },
  ERR_TPP_UNKNOWN: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A case sends as an alternate TPP the target does not declare.',
    hint: 'add it under tpps: in the target file, or mark the case as needing it',
  },
  ERR_UNBOUND_VALUE: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A {{name}} of a step has no value at this point of the case.',
    hint: 'capture it in an earlier step, or check that the step capturing it found a value',
  },
  ERR_VERSION_NOT_LIVE: {
    area: 'harness',
    exit: harnessError,
    meaning: 'A calendar step probes a version that is not live yet on the target’s day.',
    hint: 'applicability reports a version not live on the day before the case runs',
  },
  ERR_VERSION_UNCLEAR: {
    area: 'harness',
    exit: harnessError,
    meaning: 'The version probe’s answer tells neither served nor gone (a 5xx, a 400, a host refusal).',
    hint: 'a probe answers 2xx, 401 or 403 when the version is served, 404 or 410 when it is gone',
  },

  // traffic/
  ERR_HAR_INVALID: {
    area: 'traffic',
    exit: harnessError,
    meaning: 'A HAR file is not valid HAR 1.2.',
    hint: 'give a HAR written by `stet-harness record` or a browser’s export',
  },
  ERR_HAR_NOT_STET: {
    area: 'traffic',
    exit: harnessError,
    meaning: 'A HAR file holds no STET PSD2 exchange.',
    hint: 'record the traffic of a STET PSD2 client (paths under /stet/psd2/ or the OAuth endpoints)',
  },
  ERR_HAR_UNREADABLE: {
    area: 'traffic',
    exit: harnessError,
    meaning: 'A HAR file cannot be read or is not JSON.',
    hint: 'check the path of the HAR file',
  },
  ERR_REDACTION_LEAK: {
    area: 'traffic',
    exit: harnessError,
    meaning: 'A recording about to be written still holds a secret in clear; nothing is written.',
    hint: 'a bug of the redaction: please report it with the exchange that was recorded',
  },
  ERR_REDACTION_REFUSED: {
    area: 'traffic',
    exit: harnessError,
    meaning: 'Recording without redaction was asked for without saying so explicitly.',
    hint: 'see `stet-harness record --help` for the option that keeps secrets in clear',
  },
  ERR_REPLAY_OPTIONS: {
    area: 'traffic',
    exit: harnessError,
    meaning: 'An option of `record` or `replay` is refused.',
    hint: 'see `stet-harness record --help` and `stet-harness replay --help`',
  },
  ERR_TRAFFIC_LISTEN: {
    area: 'traffic',
    exit: harnessError,
    meaning: '`record` or `replay` cannot listen on the port asked for.',
    hint: 'choose another --port (0 picks a free one)',
  },

  // load/
  ERR_LOAD_EXPORT: {
    area: 'load',
    exit: harnessError,
    meaning: 'A load scenario or a HAR cannot be exported as a k6 script.',
    hint: 'see docs/load.md for what the export supports',
  },
  ERR_LOAD_OPTION: {
    area: 'load',
    exit: harnessError,
    meaning: 'An option of `load` or `har2k6` is refused (rate, duration, shape).',
    hint: 'see `stet-harness load --help`',
  },
  ERR_LOAD_SCENARIO_INVALID: {
    area: 'load',
    exit: harnessError,
    meaning: 'A load scenario file does not follow its schema.',
    hint: 'fix the scenario file at the line shown (docs/load.md)',
  },
  ERR_LOAD_SCENARIO_UNKNOWN: {
    area: 'load',
    exit: harnessError,
    meaning: 'No load scenario has the name given.',
    hint: '`stet-harness load --list` shows the scenarios',
  },
  ERR_LOAD_SETUP: {
    area: 'load',
    exit: harnessError,
    meaning: 'The bank refused the set-up of the virtual PSUs (journey, code exchange or consent).',
    hint: 'run the suites against the bank first; the set-up needs the http journey driver',
  },
  ERR_LOAD_THRESHOLD_INVALID: {
    area: 'load',
    exit: harnessError,
    meaning: 'A load threshold is not of the form the scenario language accepts.',
    hint: 'e.g. p95<500ms or errors<1% (docs/load.md)',
  },

  // reference-aspsp/
  ERR_AMOUNT_FORMAT: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'A string is not a decimal amount (the wire keeps amounts as strings).',
    hint: 'write amounts as decimal strings such as "124.35"',
  },
  ERR_CLOCK_INVALID: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'The reference’s --clock is neither system nor an ISO instant.',
    hint: 'use system or an instant such as 2025-09-27T10:00:00Z',
  },
  ERR_FALLBACK_JWT_INVALID: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'A fallback JWT does not verify (signature, type, audience, expiry or claims).',
    hint: 'sign the fallback JWT as the seed’s Authentication section says',
  },
  ERR_FAULT_UNKNOWN: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'The reference was started with a fault name its catalogue does not have.',
    hint: '`stet-harness faults` lists the fault names',
  },
  ERR_INSTITUTIONS_INVALID: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'The institutions file of the reference is not what it expects.',
    hint: 'fix reference-aspsp/institutions/institutions.yaml',
  },
  ERR_LISTEN_FAILED: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: '`serve` cannot listen on the port asked for.',
    hint: 'choose another --port (0 picks a free one)',
  },
  ERR_PERSONAS_INVALID: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'A personas file of the reference breaks its schema or a cross-reference.',
    hint: 'fix the personas file at the entry named (docs/reference-bank.md describes it)',
  },
  ERR_STORE_CLOSED: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'The store, or the transaction, is used after it ended.',
    hint: 'await every operation inside the transaction function, and open the store again after close',
  },
  ERR_STORE_LOCKED: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'Another running instance holds the data directory.',
    hint: 'stop the instance named, or use another data directory',
  },
  ERR_STORE_NESTED: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'A transaction used the store itself instead of its own handle.',
    hint: 'use the tx handle inside a transaction',
  },
  ERR_STORE_NOT_A_COUNTER: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'An increment hit a value that is not a number.',
    hint: 'increment only keys written by increment',
  },
  ERR_STORE_NOT_JSON: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'A value given to the store is not JSON.',
    hint: 'store plain JSON values (no undefined, functions or cycles)',
  },
  ERR_STORE_OPEN_FAILED: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'The store could not be opened (directory or PostgreSQL server).',
    hint: 'use a writable directory, or check the postgres:// URL and that the server runs',
  },
  ERR_STORE_VALUE_INVALID: {
    area: 'reference-aspsp',
    exit: harnessError,
    meaning: 'A stored value is not of the shape the reference expects.',
    hint: 'the data was written by another version; start from a fresh data directory',
  },

  // spec/
  ERR_CALENDAR_INVALID: {
    area: 'spec',
    exit: harnessError,
    meaning: 'A version calendar file (--calendar) is not YAML or says something the calendar cannot hold.',
    hint: 'fix the calendar file (schema: spec/calendar-overrides.schema.json)',
  },
  ERR_CALENDAR_UNREADABLE: {
    area: 'spec',
    exit: harnessError,
    meaning: 'The version calendar file cannot be read.',
    hint: 'check the path given to --calendar',
  },
  ERR_SPEC_INVALID: {
    area: 'spec',
    exit: harnessError,
    meaning: 'A file of spec/ is not what the spec library expects.',
    hint: 'fix the file, then run `npm run spec:check`',
  },
  ERR_SPEC_UNKNOWN_SCHEMA: {
    area: 'spec',
    exit: harnessError,
    meaning: 'No schema of that name in the OpenAPI document of the version.',
    hint: 'use a schema name of spec/source/components.yaml',
  },
  ERR_SPEC_UNKNOWN_VERSION: {
    area: 'spec',
    exit: harnessError,
    meaning: 'An API version spec/versions.yaml does not list.',
    hint: '`stet-harness versions` lists the versions',
  },
  ERR_SPEC_UNKNOWN_ERROR_CODE: {
    area: 'spec',
    exit: harnessError,
    meaning: 'The reference raised an error code spec/errors.yaml does not list (a bug of the reference).',
    hint: 'add the code to spec/errors.yaml or raise a listed one, then run `npm run spec:check`',
  },

  // protocol/
  ERR_CERT_MALFORMED: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'A certificate is not well-formed X.509.',
    hint: 'pass a PEM certificate (-----BEGIN CERTIFICATE-----) or its DER bytes',
  },
  ERR_CERT_NOT_A_CERTIFICATE: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'The bytes given are not an X.509 certificate.',
    hint: 'pass a PEM certificate (-----BEGIN CERTIFICATE-----) or its DER bytes',
  },
  ERR_CERT_NO_QC_STATEMENT: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'A certificate has no PSD2 QCStatement (roles, NCA).',
    hint: 'PSD2 certificates carry the ETSI TS 119 495 QCStatement; `stet-harness certs` makes them',
  },
  ERR_DER_MALFORMED: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'Bytes are not well-formed DER, or not the ASN.1 type expected.',
    hint: 'the ASN.1 structure is truncated or not DER',
  },
  ERR_SIGNATURE_HEADER_ABSENT: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'A header to sign is not set on the request.',
    hint: 'set every header you list in headerNames before signing',
  },
  ERR_SIGNATURE_HEADER_BAD_TIMESTAMP: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'The created or expires parameter of a Signature header is not a Unix time.',
    hint: 'write created and expires as whole seconds since 1970',
  },
  ERR_SIGNATURE_HEADER_DUPLICATE_PARAM: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'A parameter appears twice in a Signature header.',
    hint: 'expected keyId="…",algorithm="rsa-sha256",headers="(request-target) …",signature="<base64>"',
  },
  ERR_SIGNATURE_HEADER_EMPTY: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'The Signature header is empty.',
    hint: 'expected keyId="…",algorithm="rsa-sha256",headers="(request-target) …",signature="<base64>"',
  },
  ERR_SIGNATURE_HEADER_EMPTY_PARAM: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'A required parameter of a Signature header is empty.',
    hint: 'expected keyId="…",algorithm="rsa-sha256",headers="(request-target) …",signature="<base64>"',
  },
  ERR_SIGNATURE_HEADER_MISSING_PARAM: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'A Signature header lacks keyId, headers or signature.',
    hint: 'expected keyId="…",algorithm="rsa-sha256",headers="(request-target) …",signature="<base64>"',
  },
  ERR_SIGNATURE_HEADER_SYNTAX: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'A Signature header is not a list of name="value" parameters.',
    hint: 'expected keyId="…",algorithm="rsa-sha256",headers="(request-target) …",signature="<base64>"',
  },
  ERR_SIGNATURE_KEY_INVALID: {
    area: 'protocol',
    exit: harnessError,
    meaning: 'The signing key is not a readable RSA private key.',
    hint: 'pass the QSEAL private key as PEM',
  },

  // pki/
  ERR_PKI_BAD_NCA: {
    area: 'pki',
    exit: harnessError,
    meaning: 'The NCA name or id of a test certificate is empty or too long.',
    hint: 'e.g. --nca-name "Autorite de controle prudentiel et de resolution" --nca-id FR-ACPR',
  },
  ERR_PKI_BAD_ORG_ID: {
    area: 'pki',
    exit: harnessError,
    meaning: 'Not a PSD2 organizationIdentifier.',
    hint: 'use PSD<country>-<NCA id>-<authorisation number>, e.g. PSDFR-ACPR-12345',
  },
  ERR_PKI_BAD_ROLE: {
    area: 'pki',
    exit: harnessError,
    meaning: 'A role of a test certificate is not a PSD2 role.',
    hint: 'give roles such as AISP, PISP, CBPII',
  },
  ERR_PKI_BAD_SERVER_NAME: {
    area: 'pki',
    exit: harnessError,
    meaning: 'A server name of a test certificate is neither a DNS name nor an IP address.',
    hint: 'give DNS names (wildcards like *.psd2.groupbank.example allowed) or IP addresses',
  },
  ERR_PKI_CA_UNREADABLE: {
    area: 'pki',
    exit: harnessError,
    meaning: 'The CA certificate or key given cannot be read or do not match.',
    hint: 'pass the ca.pem and ca-key.pem that `stet-harness certs` wrote, or omit them for a new CA',
  },
  ERR_PKI_FILE_DAMAGED: {
    area: 'pki',
    exit: harnessError,
    meaning: 'A PEM file of a data directory is missing, truncated, damaged or of the wrong kind.',
    hint: 'delete the PKI directory named so that it is generated again, or restore the file from a copy',
  },
  ERR_PKI_NO_ROLE: {
    area: 'pki',
    exit: harnessError,
    meaning: 'A TPP certificate was asked for without a PSD2 role.',
    hint: 'give roles such as AISP, PISP, CBPII',
  },
  ERR_PKI_WRITE_FAILED: {
    area: 'pki',
    exit: harnessError,
    meaning: 'The test PKI could not be written to the directory given.',
    hint: 'choose a directory you can write to',
  },

  // tools/
  ERR_MUTATION_REPORT: {
    area: 'tools',
    exit: harnessError,
    meaning: 'The mutation report cannot be read or is not a Stryker JSON report.',
    hint: 'run `npm run mutation` to write it again',
  },
  ERR_MUTATION_CONFIG: {
    area: 'tools',
    exit: harnessError,
    meaning: 'stryker.config.json has no "mutate" list of globs.',
    hint: 'restore "mutate" in stryker.config.json (docs/mutation.md lists what it covers)',
  },
  ERR_BLIND_SET_INVALID: {
    area: 'tools',
    exit: harnessError,
    meaning: 'mutation/blind/mutants.yaml is not a valid blind set, or names no mutant asked for.',
    hint: 'fix the entry named (docs/mutation.md, "Blind mutants"); `npm run mutation:blind -- --list` lists the ids',
  },
  ERR_BLIND_RUN: {
    area: 'tools',
    exit: harnessError,
    meaning: 'npm run mutation:blind could not prepare a scratch copy (git, tar) or was given a bad option.',
    hint: 'run it from a git checkout with the commit it names, and check its options (`--help`)',
  },
} as const satisfies Record<`ERR_${string}`, ErrorCodeEntry>;

/** A code of the registry; a {@link CodedError} carries nothing else. */
export type ErrorCode = keyof typeof errorCodes;

/** The codes of one area, for an error class that raises all of them (`ErrorCodeIn<'traffic'>`). */
export type ErrorCodeIn<Area extends ErrorArea> = {
  [Code in ErrorCode]: (typeof errorCodes)[Code]['area'] extends Area ? Code : never;
}[ErrorCode];

/** The codes that start with `Prefix`, for an error class named after them (`ErrorCodeWith<'ERR_STORE_'>`). */
export type ErrorCodeWith<Prefix extends string> = Extract<ErrorCode, `${Prefix}${string}`>;
