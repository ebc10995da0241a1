import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiPaths, queryString } from "../../../shared/api-paths";
import type { InspectionContent, InspectionView } from "../../../shared/contracts/inspections";
import { ApiError, api, errorCodeOf } from "../../lib/api";
import { storage } from "../../lib/storage";
import { reportQuery } from "./api";
import { adoptPhotos } from "./content";

/** Where a report's photos are uploaded: the folder names the report and the room, item or meter. */
export const photoFolder = (reportId: string, target: string) => `vistorias/${reportId}/${target}`;

export type SaveState = "saved" | "saving" | "offline" | "stale" | "refused";

/** How long typing waits before it is saved, and a save without a connection before it tries again. */
const SAVE_AFTER_MS = 800;
const RETRY_OFFLINE_MS = 5_000;

const localKey = (id: string) => `chave:vistoria:${id}`;

interface LocalCopy {
  versao: number;
  conteudo: InspectionContent;
}

function readLocal(id: string): LocalCopy | null {
  try {
    const raw = localStorage.getItem(localKey(id));
    return raw ? (JSON.parse(raw) as LocalCopy) : null;
  } catch {
    return null;
  }
}

/**
 * The landlord's draft of a report, saved as it is filled (issue 31: nothing lost on a bad
 * connection or a closed tab). Each change is kept on this phone at once and sent a moment later
 * with the version it was made on; without a connection it is tried again, and a copy left by a
 * closed tab is sent when the report opens again on the same version. A newer version saved on
 * another phone is not overwritten: the screen says so. Photos whose upload finished while the
 * screen was closed (resumed uploads) are put back where they were taken.
 */
export function useReportDraft(report: InspectionView, enabled: boolean) {
  const queryClient = useQueryClient();
  const local = enabled ? readLocal(report.id) : null;
  const [content, setContent] = useState<InspectionContent>(
    local && local.versao === report.versao ? local.conteudo : report.conteudo,
  );
  const [state, setState] = useState<SaveState>("saved");
  const [problem, setProblem] = useState<string | null>(null);
  const versao = useRef(report.versao);
  const pending = useRef<InspectionContent | null>(
    local && local.versao === report.versao ? local.conteudo : null,
  );
  const saving = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    if (!next || saving.current) return;
    saving.current = true;
    pending.current = null;
    setState("saving");
    try {
      const saved = await api<InspectionView>(apiPaths.inspections.one(report.id), {
        method: "PUT",
        body: { versao: versao.current, conteudo: next },
      });
      versao.current = saved.versao;
      queryClient.setQueryData(reportQuery(report.id).queryKey, saved);
      if (pending.current) {
        localStorage.setItem(
          localKey(report.id),
          JSON.stringify({ versao: saved.versao, conteudo: pending.current }),
        );
      } else {
        localStorage.removeItem(localKey(report.id));
        setState("saved");
        setProblem(null);
      }
    } catch (err) {
      pending.current = pending.current ?? next;
      const offline = err instanceof ApiError ? err.status === 0 : true;
      const code = errorCodeOf(err);
      setState(offline ? "offline" : code === "inspection-stale" ? "stale" : "refused");
      setProblem(offline ? null : err instanceof Error ? err.message : null);
      if (offline) timer.current = setTimeout(() => void flush(), RETRY_OFFLINE_MS);
    } finally {
      saving.current = false;
    }
    if (pending.current && !timer.current) timer.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
  }, [queryClient, report.id]);

  const change = useCallback(
    (next: InspectionContent) => {
      setContent(next);
      pending.current = next;
      localStorage.setItem(localKey(report.id), JSON.stringify({ versao: versao.current, conteudo: next }));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
    },
    [flush, report.id],
  );

  // A copy a closed tab left is sent now; a connection that comes back sends what waits.
  useEffect(() => {
    if (!enabled) return;
    if (pending.current) void flush();
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [enabled, flush]);

  // Photos uploaded for this report that it does not name yet (an upload resumed after a reload).
  const mine = useQuery({
    queryKey: [`${apiPaths.storage.objects}${queryString({ kind: "foto_vistoria", pageSize: 1000 })}`],
    queryFn: () => storage.list({ kind: "foto_vistoria", pageSize: 1000 }),
    enabled,
  });
  useEffect(() => {
    if (!mine.data) return;
    const adopted = adoptPhotos(content, report.id, mine.data.items);
    if (adopted !== content) change(adopted);
  }, [mine.data, content, report.id, change]);

  /** The version on the server, taken again (after "changed on another phone"). */
  function reload() {
    localStorage.removeItem(localKey(report.id));
    pending.current = null;
    void queryClient.invalidateQueries({ queryKey: reportQuery(report.id).queryKey });
  }
  useEffect(() => {
    // A newer version read from the server replaces the screen's when nothing waits to be saved.
    if (report.versao > versao.current && !pending.current && !saving.current) {
      versao.current = report.versao;
      setContent(report.conteudo);
      setState("saved");
    }
  }, [report.versao, report.conteudo]);

  return { content, change, state, problem, reload, flush };
}
