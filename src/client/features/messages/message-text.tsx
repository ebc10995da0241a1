import { Anchor, Text } from "@mantine/core";
import { Fragment } from "react";
import { linkify } from "../../../shared/contracts/messages";

/** Text with its http(s) links as anchors that open apart and pass nothing along; never HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="message-text">
      {linkify(text).map((part) =>
        part.href ? (
          <Anchor
            key={part.at}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            inherit
          >
            {part.text}
          </Anchor>
        ) : (
          <Fragment key={part.at}>{part.text}</Fragment>
        ),
      )}
    </Text>
  );
}
