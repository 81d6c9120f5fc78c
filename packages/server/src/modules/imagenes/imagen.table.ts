/** An uploaded image and the shop that uploaded it (quota, orphan sweep, issued names). */
export interface ImagenTable {
  name: string;
  tienda_id: number;
  /** The original and its smaller copies together. */
  bytes: number;
  created_at: string;
}
