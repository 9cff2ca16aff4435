/**
 * `@peculiar/x509`, loaded after the `reflect-metadata` polyfill its dependency injection needs.
 *
 * Import the library through this module only, so the polyfill is always in place first.
 */
import 'reflect-metadata';

export * as x509 from '@peculiar/x509';
