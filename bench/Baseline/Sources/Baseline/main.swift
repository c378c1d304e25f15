import Hummingbird

// `Baseline PORT`: answers GET /hello with a small JSON body, and POST /hello the same once it has
// read the request's body (as a server reading an Android SDK call's form must), and nothing else.
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 18081
let router = Router()
let hello = #"{"success":true,"error_details":null,"response_data":{"message":"hello"}}"#
router.get("hello") { _, _ -> Response in
    Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: hello)))
}
router.post("hello") { request, _ -> Response in
    var request = request
    _ = try await request.collectBody(upTo: 1 << 20)
    return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: hello)))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
