import { Container } from "@mantine/core";
import { useLocation } from "react-router";
import { ConversationList } from "../../features/messages/conversation-list";
import { Thread } from "../../features/messages/thread";
import { ThreadProblem } from "../../features/messages/thread-problem";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /Message: one's conversations; /Message/<proposal id>, that proposal's conversation. */
export function MessageScreen() {
  const { pathname } = useLocation();
  const rest = pathname.replace(/^\/Message\/?/, "").split("/")[0] ?? "";
  return (
    <Container size="sm" py="lg">
      {rest === "" ? (
        <ConversationList />
      ) : UUID.test(rest) ? (
        <Thread proposalId={rest} key={rest} />
      ) : (
        <ThreadProblem />
      )}
    </Container>
  );
}
