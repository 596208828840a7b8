import { storeRead } from "@/lib/route-handler";
import { getProductMedia } from "@/lib/store/products/api-media";

/** A product's images and videos for React Query (components/products/media/). */
export const GET = storeRead<{ key: string }>((store, { params }) => getProductMedia(store, params.key));
