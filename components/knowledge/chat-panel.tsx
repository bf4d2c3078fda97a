"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { ApiError, type ApiFieldError } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import "./knowledge.css";
import { useKnowledgeErrorMessage } from "./messages";
import type { ChatSource } from "./types";

type Turn = {
  id: number;
  question: string;
  answer: string;
  /** The answer's language (X-Chat-Language), when it is not the page's: read aloud in its own. */
  language: string | undefined;
  sources: ChatSource[];
  isStreaming: boolean;
};

/** The sources of a streamed answer: its X-Chat-Sources header, base64url JSON. */
function sourcesOf(response: Response): ChatSource[] {
  const header = response.headers.get("x-chat-sources");
  if (!header) return [];
  const base64 = header.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as ChatSource[];
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { detail?: unknown; errors?: unknown } | null;
  const detail = typeof body?.detail === "string" ? body.detail : `the request failed (HTTP ${response.status})`;
  return new ApiError(response.status, detail, Array.isArray(body?.errors) ? (body.errors as ApiFieldError[]) : []);
}

function Sources({ sources }: { sources: ChatSource[] }) {
  const t = useTranslations("knowledge.chat");
  const f = useFormat();
  if (sources.length === 0) return null;
  return (
    <ul className="chat-sources" aria-label={t("sources")}>
      {sources.map((source) => (
        <li key={source.fragment_id}>
          <div className="chat-source-head">
            <span>{source.title}</span>
            <span className="chat-source-score">
              {t("score", { score: f.number(source.score, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })}
            </span>
          </div>
          <p className="chat-source-passage">{source.passage}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * A conversation with the assistant: each answer streams in as it is written, its sources under it. The
 * first session id comes from the server's render (`initialSessionId`): one made here would differ between
 * the server's HTML and the browser's first render, a hydration error.
 */
export function ChatPanel({ initialSessionId }: { initialSessionId: string }) {
  const t = useTranslations("knowledge.chat");
  const locale = useLocale();
  const knowledgeErrorMessage = useKnowledgeErrorMessage();
  const [sessionId, setSessionId] = useState(initialSessionId);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const running = useRef<AbortController | null>(null);
  const nextId = useRef(1);

  // Leaving the page stops the answer being written.
  useEffect(() => () => running.current?.abort(), []);

  function update(id: number, change: Partial<Turn> | ((turn: Turn) => Partial<Turn>)) {
    setTurns((all) =>
      all.map((turn) =>
        turn.id === id ? { ...turn, ...(typeof change === "function" ? change(turn) : change) } : turn,
      ),
    );
  }

  async function ask(event?: FormEvent) {
    event?.preventDefault();
    const question = message.trim();
    if (!question || isBusy) return;
    setError(null);
    setIsBusy(true);
    const id = nextId.current++;
    const controller = new AbortController();
    running.current = controller;
    setTurns((all) => [...all, { id, question, answer: "", language: undefined, sources: [], isStreaming: true }]);
    try {
      const response = await fetch("/api/v1/ai/chat/stream", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        // The page's language decides the answer's when the question's own words do not.
        body: JSON.stringify({ message: question, session_id: sessionId, language: locale }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw await errorOf(response);
      setMessage("");
      const language = response.headers.get("x-chat-language") ?? locale;
      update(id, { sources: sourcesOf(response), language: language === locale ? undefined : language });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const piece = next.value;
        update(id, (turn) => ({ answer: turn.answer + piece }));
      }
      update(id, { isStreaming: false });
    } catch (caught) {
      if (controller.signal.aborted) return;
      // A refused question leaves no turn behind: the question stays in the box to send again.
      setTurns((all) => all.filter((turn) => turn.id !== id || turn.answer !== ""));
      update(id, { isStreaming: false });
      setError(caught instanceof ApiError || caught instanceof TypeError ? knowledgeErrorMessage(caught) : t("cutOff"));
    } finally {
      if (running.current === controller) running.current = null;
      setIsBusy(false);
    }
  }

  function startOver() {
    running.current?.abort();
    setTurns([]);
    setError(null);
    setMessage("");
    setSessionId(crypto.randomUUID());
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) void ask(event);
  }

  return (
    <Panel
      title={t("title")}
      description={t("description")}
      actions={
        <Button variant="secondary" onClick={startOver} disabled={turns.length === 0 && !error}>
          {t("newConversation")}
        </Button>
      }
    >
      <div className="chat">
        {turns.length === 0 ? <p className="chat-empty">{t("empty")}</p> : null}
        <ol className="chat-log" aria-label={t("messages")} aria-live="polite">
          {turns.map((turn) => (
            <li key={turn.id} className="chat-turn">
              <div className="chat-question">{turn.question}</div>
              <div
                className="chat-answer"
                lang={turn.language}
                aria-busy={turn.isStreaming || undefined}
                aria-label={t("answer")}
              >
                {turn.answer || (turn.isStreaming ? t("searching") : "")}
              </div>
              <Sources sources={turn.sources} />
            </li>
          ))}
        </ol>
        <ErrorBanner message={error} />
        <form className="chat-form" onSubmit={ask} aria-label={t("formLabel")}>
          <Field id="chat-message" label={t("question")}>
            <textarea
              id="chat-message"
              value={message}
              maxLength={4000}
              onChange={(event) => setMessage(event.target.value)}
              onKeyDown={onKeyDown}
            />
          </Field>
          <Button type="submit" isBusy={isBusy} disabled={message.trim() === ""}>
            {isBusy ? t("answering") : t("ask")}
          </Button>
        </form>
        <p className="chat-session">{t("session", { id: sessionId })}</p>
      </div>
    </Panel>
  );
}
