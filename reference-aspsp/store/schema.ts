/**
 * The one table behind the durable stores. `value` is JSON text, kept as written (a `jsonb` column
 * would reorder object keys); keys compare in the "C" collation so listing order is code-unit order,
 * the same as the memory store's.
 */

/** Name of the table. */
export const tableName = 'stet_store';

/** Creates the table when absent. */
export const createTableSql = `CREATE TABLE IF NOT EXISTS ${tableName} (
  collection text COLLATE "C" NOT NULL,
  key text COLLATE "C" NOT NULL,
  value text NOT NULL,
  PRIMARY KEY (collection, key)
)`;
