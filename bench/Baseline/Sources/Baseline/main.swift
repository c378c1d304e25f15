import Hummingbird

// `Baseline PORT`: answers GET /hello with a small JSON body and nothing else.
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 18081
let router = Router()
router.get("hello") { _, _ -> Response in
    Response(
        status: .ok,
        headers: [.contentType: "application/json; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"success":true,"error_details":null,"response_data":{"message":"hello"}}"#))
    )
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
