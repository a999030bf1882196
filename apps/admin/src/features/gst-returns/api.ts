import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { Gstr1SectionName, Gstr1Summary } from "@vaki/contract/admin/gst-returns";
import { api, apiFile, saveFile } from "../../lib/api-client";

/** The month's GSTR-1 at a glance (invoices:read). */
export function useGstr1Summary(month: string) {
  return useQuery({
    queryKey: ["admin", "gst", "gstr1", month],
    queryFn: ({ signal }) => api<Gstr1Summary>("/gst/gstr1", { query: { month }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the month's sections: all of them in a zip, or one as CSV (each download is audited). */
export function useGstr1Download() {
  return useMutation({
    mutationFn: async ({ month, section }: { month: string; section?: Gstr1SectionName }) => {
      if (section) {
        saveFile(await apiFile(`/gst/gstr1/${section}.csv`, { query: { month } }), `GSTR1-${month}-${section}.csv`);
      } else {
        saveFile(await apiFile("/gst/gstr1.zip", { query: { month } }), `GSTR1-${month}.zip`);
      }
    },
  });
}
