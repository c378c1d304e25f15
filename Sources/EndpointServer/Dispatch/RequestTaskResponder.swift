import EndpointCore
import HTTPTypes
import Hummingbird

/// Answers a request that asks for an event stream in a child task of its connection's task
/// (``ChildTask``), other requests on the connection's task as Hummingbird does.
///
/// A live stream keeps its connection, and so the connection's task, for hours: answered there, it
/// would hold the frames of the middleware, dispatcher and hook that opened it for all that time
/// (about 10 KB a stream). A task per request would cost every other call more than it saves on a
/// connection soon reused. `Accept: text/event-stream` is what every `EventSource` (and the SSE
/// libraries of iOS and Android) sends; a stream asked for without it is answered all the same, on
/// the connection's task.
struct RequestTaskResponder<Responder: HTTPResponder>: HTTPResponder where Responder.Context: Sendable {
    let responder: Responder

    func respond(to request: Request, context: Responder.Context) async throws -> Response {
        guard request.headers.asksForEventStream else { return try await self.responder.respond(to: request, context: context) }
        return try await ChildTask.run { try await self.responder.respond(to: request, context: context) }
    }
}

extension HTTPFields {
    /// Whether `Accept` names the event stream type.
    var asksForEventStream: Bool {
        self.value(of: .accept).map { MediaTypeText.contains($0, lowercased: "text/event-stream") } ?? false
    }
}
