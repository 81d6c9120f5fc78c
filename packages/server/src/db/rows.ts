/** Whether a query finds a row: a repository's existence check (a name taken, a known shop). */
export async function existsRow(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}
