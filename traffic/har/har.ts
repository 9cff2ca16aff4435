/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the subset the traffic tools read and write.
 *
 * These are the parsed shapes ({@link parseHar} builds them from untrusted JSON); fields HAR marks
 * optional that the tools never need are left out, and unknown fields are dropped on parse.
 */

/** One header, query parameter or form parameter. */
export interface HarNameValue {
  name: string;
  value: string;
}

/** A request body. `params` is set for `application/x-www-form-urlencoded` bodies. */
export interface HarPostData {
  mimeType: string;
  text: string;
  params?: HarNameValue[];
}

/** The request half of an entry. `url` is absolute and carries the institution host. */
export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: HarPostData;
  headersSize: number;
  bodySize: number;
}

/** A response body; `encoding: 'base64'` when `text` holds bytes that are not UTF-8 text. */
export interface HarContent {
  size: number;
  mimeType: string;
  text?: string;
  encoding?: string;
}

/** The response half of an entry. */
export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
}

/** Phase durations in milliseconds; -1 where a phase does not apply or was not measured. */
export interface HarTimings {
  blocked: number;
  dns: number;
  connect: number;
  ssl: number;
  send: number;
  wait: number;
  receive: number;
}

/** One exchange. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: HarTimings;
  serverIPAddress?: string;
  comment?: string;
}

/** The whole file. */
export interface Har {
  log: {
    version: string;
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}
