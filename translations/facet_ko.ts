<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About Facet</source>
        <translation>Facet 정보</translation>
    </message>
    <message>
        <source>no model loaded</source>
        <translation>불러온 모델 없음</translation>
    </message>
    <message>
        <source>a vLLM server</source>
        <translation>vLLM 서버</translation>
    </message>
    <message>
        <source>built-in simulator</source>
        <translation>내장 시뮬레이터</translation>
    </message>
    <message>
        <source>RBLN runtime</source>
        <translation>RBLN 런타임</translation>
    </message>
    <message>
        <source>Ask Gemma 4 about images on a Rebellions NPU, and compare what each detail level sees.</source>
        <translation>Rebellions NPU에서 Gemma 4에게 이미지에 대해 묻고, 상세 수준마다 모델이 보는 것을 비교합니다.</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>버전</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>런타임</translation>
    </message>
    <message>
        <source>Licences</source>
        <translation>라이선스</translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>Image %1</source>
        <translation>이미지 %1</translation>
    </message>
    <message>
        <source>Thumbnail of %1</source>
        <translation>%1의 미리 보기</translation>
    </message>
    <message>
        <source>%L1 tokens</source>
        <translation>%L1 토큰</translation>
    </message>
    <message>
        <source>Token cost of %1</source>
        <translation>%1의 토큰 비용</translation>
    </message>
    <message>
        <source>Detail level of %1</source>
        <translation>%1의 상세 수준</translation>
    </message>
    <message>
        <source>Use %1 for %2</source>
        <translation>%2에 %1 사용</translation>
    </message>
    <message>
        <source>Same as the message</source>
        <translation>메시지와 같게</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 제거</translation>
    </message>
    <message>
        <source>Region of %1</source>
        <translation>%1의 영역</translation>
    </message>
    <message>
        <source>Image: region of %1, x %2, y %3, %4×%5 pixels</source>
        <translation>이미지: %1의 영역, x %2, y %3, %4×%5 픽셀</translation>
    </message>
    <message>
        <source>x %1, y %2, %3×%4</source>
        <extracomment>Where a region crop lies in its source image, in pixels: x, y, width × height.</extracomment>
        <translation>x %1, y %2, %3×%4</translation>
    </message>
    <message>
        <source>What the model sees of %1 (choose a region to ask about)</source>
        <translation>%1에서 모델이 보는 이미지 (질문할 영역 선택)</translation>
    </message>
    <message>
        <source>Region…</source>
        <extracomment>Button on an attached image&apos;s chip: draw a rectangle on the image to ask about that part.</extracomment>
        <translation>영역…</translation>
    </message>
    <message>
        <source>Select a region of %1 to ask about</source>
        <translation>%1에서 질문할 영역 선택</translation>
    </message>
</context>
<context>
    <name>AttachmentStrip</name>
    <message>
        <source>Scroll attached images</source>
        <translation>첨부한 이미지 스크롤</translation>
    </message>
    <message>
        <source>Attached images</source>
        <translation>첨부한 이미지</translation>
    </message>
    <message numerus="yes">
        <source>%n image(s), %L1 image tokens</source>
        <translation>
            <numerusform>이미지 %n개, 이미지 토큰 %L1개</numerusform>
        </translation>
    </message>
    <message>
        <source>Image tokens of this message</source>
        <translation>이 메시지의 이미지 토큰</translation>
    </message>
</context>
<context>
    <name>BranchSwitcher</name>
    <message>
        <source>Version %1 of %2</source>
        <translation>버전 %1/%2</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>이전 버전</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>다음 버전</translation>
    </message>
</context>
<context>
    <name>ChatListItem</name>
    <message>
        <source>Open conversation %1</source>
        <translation>대화 %1 열기</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>작성 중…</translation>
    </message>
    <message>
        <source>A reply is being written in %1</source>
        <translation>%1에서 답변을 작성하는 중</translation>
    </message>
    <message>
        <source>New title</source>
        <translation>새 제목</translation>
    </message>
    <message>
        <source>Actions for %1</source>
        <translation>%1 작업</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>이름 바꾸기</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>삭제</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Messages</source>
        <translation>메시지</translation>
    </message>
    <message>
        <source>Scroll messages</source>
        <translation>메시지 스크롤</translation>
    </message>
</context>
<context>
    <name>CompareColumn</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Answer at detail level %1</source>
        <translation>상세 수준 %1의 답변</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>기준</translation>
    </message>
    <message>
        <source>Progress at level %1</source>
        <translation>수준 %1 진행 상황</translation>
    </message>
    <message>
        <source>What the model sees at level %1: %2, %3 soft tokens</source>
        <translation>수준 %1에서 모델이 보는 것: %2, 소프트 토큰 %3개</translation>
    </message>
    <message>
        <source>%1 soft tokens at this level — click for the full view</source>
        <translation>이 수준의 소프트 토큰 %1개 — 클릭하면 크게 봅니다</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>생각</translation>
    </message>
    <message>
        <source>Hide the model&apos;s thinking at level %1</source>
        <translation>수준 %1에서 모델의 생각 숨기기</translation>
    </message>
    <message>
        <source>Show the model&apos;s thinking at level %1</source>
        <translation>수준 %1에서 모델의 생각 보기</translation>
    </message>
    <message>
        <source>The model&apos;s thinking at level %1</source>
        <translation>수준 %1에서 모델의 생각</translation>
    </message>
    <message>
        <source>Answer at level %1</source>
        <translation>수준 %1의 답변</translation>
    </message>
    <message>
        <source>Same words as the baseline</source>
        <translation>기준과 단어가 같음</translation>
    </message>
    <message numerus="yes">
        <source>%n word(s) differ from the baseline</source>
        <translation>
            <numerusform>기준과 다른 단어 %n개</numerusform>
        </translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>오류: %1</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>기준</translation>
    </message>
    <message>
        <source>Use as baseline</source>
        <translation>기준으로 삼기</translation>
    </message>
    <message>
        <source>Mark the differences against level %1</source>
        <translation>수준 %1과(와) 다른 곳 표시</translation>
    </message>
    <message>
        <source>Continue with this answer</source>
        <translation>이 답변으로 계속</translation>
    </message>
    <message>
        <source>Continue the conversation with the answer at level %1</source>
        <translation>수준 %1의 답변으로 대화 계속</translation>
    </message>
    <message>
        <source>cheapest that agrees</source>
        <translation>일치하는 가장 저렴한 수준</translation>
    </message>
    <message>
        <source>The lowest level that gives the highest level&apos;s answer</source>
        <translation>가장 높은 수준과 같은 답을 내는 가장 낮은 수준</translation>
    </message>
</context>
<context>
    <name>CompareLevelsDialog</name>
    <message>
        <source>Compare detail levels</source>
        <translation>상세 수준 비교</translation>
    </message>
    <message>
        <source>The message runs once per level, one after another, with the same seed; the answers appear side by side.</source>
        <translation>메시지를 수준마다 한 번씩, 같은 시드로 차례로 실행하고 답변을 나란히 보여 줍니다.</translation>
    </message>
    <message>
        <source>Compare at detail level %1 (%2)</source>
        <translation>상세 수준 %1(%2)에서 비교</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>비교</translation>
    </message>
    <message>
        <source>Compare the message at the chosen levels</source>
        <translation>고른 수준에서 메시지 비교</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Cancel the comparison</source>
        <translation>비교 취소</translation>
    </message>
</context>
<context>
    <name>CompareStats</name>
    <message>
        <source>Column statistics</source>
        <translation>열 통계</translation>
    </message>
    <message>
        <source>image %1</source>
        <translation>이미지 %1</translation>
    </message>
    <message>
        <source>image %1: %2 soft tokens, bucket %3</source>
        <translation>이미지 %1: 소프트 토큰 %2개, 버킷 %3</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>프롬프트 토큰</translation>
    </message>
    <message>
        <source>%1 prompt tokens (%2 reused)</source>
        <translation>프롬프트 토큰 %1 (재사용 %2)</translation>
    </message>
    <message>
        <source>prefill chunks</source>
        <translation>프리필 청크</translation>
    </message>
    <message>
        <source>%1 prefill chunks</source>
        <translation>프리필 청크 %1개</translation>
    </message>
    <message>
        <source>time to first token</source>
        <translation>첫 토큰까지 걸린 시간</translation>
    </message>
    <message>
        <source>first token %1 ms</source>
        <translation>첫 토큰 %1 ms</translation>
    </message>
    <message>
        <source>decode speed</source>
        <translation>디코드 속도</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>초당 %1 토큰</translation>
    </message>
    <message>
        <source>generated tokens</source>
        <translation>생성한 토큰</translation>
    </message>
    <message>
        <source>%1 generated</source>
        <translation>생성 %1</translation>
    </message>
    <message>
        <source>total time</source>
        <translation>전체 시간</translation>
    </message>
    <message>
        <source>total %1 ms</source>
        <translation>전체 %1 ms</translation>
    </message>
    <message>
        <source>finish reason</source>
        <translation>종료 이유</translation>
    </message>
    <message>
        <source>ended: %1</source>
        <translation>종료: %1</translation>
    </message>
    <message>
        <source>image %1: server default level</source>
        <translation>이미지 %1: 서버 기본 상세 수준</translation>
    </message>
    <message>
        <source>image tokens</source>
        <translation>이미지 토큰</translation>
    </message>
    <message>
        <source>%L1 image tokens by the server&apos;s usage</source>
        <translation>서버 사용량 기준 이미지 토큰 %L1</translation>
    </message>
</context>
<context>
    <name>CompareVerdict</name>
    <message>
        <source>No lower level gives the same answer as %1.</source>
        <translation>%1과(와) 같은 답을 내는 더 낮은 수준이 없습니다.</translation>
    </message>
    <message>
        <source>%1 gives the same answer as %2 with %3 fewer image tokens, first token %4 instead of %5.</source>
        <translation>%1은(는) %2과(와) 같은 답을 이미지 토큰 %3 적게 냅니다. 첫 토큰 %5 대신 %4.</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>Comparison of detail levels</source>
        <translation>상세 수준 비교</translation>
    </message>
    <message numerus="yes">
        <source>Comparing %n detail level(s), one after another…</source>
        <translation>
            <numerusform>상세 수준 %n개를 차례로 비교하는 중…</numerusform>
        </translation>
    </message>
    <message>
        <source>Highlighted words differ from the baseline column. Continue with one answer; the others stay as its versions.</source>
        <translation>강조한 단어는 기준 열과 다릅니다. 답변 하나로 계속하면 나머지는 그 답변의 다른 버전으로 남습니다.</translation>
    </message>
    <message>
        <source>Scroll the columns</source>
        <translation>열 스크롤</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>The reply may not fit in the model&apos;s context (%L1 tokens). Lower the detail level, start a new chat, or press Send again to send anyway.</source>
        <translation>답변이 모델의 컨텍스트(%L1 토큰)에 들어가지 않을 수 있습니다. 상세 수준을 낮추거나 새 대화를 시작하세요. 그래도 보내려면 보내기를 한 번 더 누르세요.</translation>
    </message>
    <message>
        <source>Attach images</source>
        <translation>이미지 첨부</translation>
    </message>
    <message>
        <source>Detail:</source>
        <extracomment>Label before the level picker: the detail level (image-token budget) of the message&apos;s images.</extracomment>
        <translation>상세 수준:</translation>
    </message>
    <message>
        <source>Message detail level</source>
        <translation>메시지의 상세 수준</translation>
    </message>
    <message>
        <source>Think first</source>
        <extracomment>Switch: the model reasons (a thinking channel) before it answers.</extracomment>
        <translation>먼저 생각하기</translation>
    </message>
    <message>
        <source>Let the model think before answering</source>
        <translation>답하기 전에 모델이 생각하게 하기</translation>
    </message>
    <message>
        <source>The model reasons before it answers: slower, often better. Saved with this conversation.</source>
        <translation>모델이 답하기 전에 추론합니다. 느리지만 대개 더 좋은 답을 냅니다. 이 대화와 함께 저장됩니다.</translation>
    </message>
    <message>
        <source>Ask about the images… (Enter sends, Shift+Enter new line)</source>
        <translation>이미지에 대해 질문하세요… (Enter: 보내기, Shift+Enter: 줄 바꿈)</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>메시지</translation>
    </message>
    <message>
        <source>Stop the reply</source>
        <translation>답변 중지</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>메시지 보내기</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>모델을 불러오는 중…</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>불러온 모델 없음</translation>
    </message>
    <message>
        <source>A reply is being written in another conversation (see the sidebar); Stop ends it.</source>
        <translation>다른 대화에서 답변을 작성하는 중입니다(사이드바 참고). 중지를 누르면 끝납니다.</translation>
    </message>
    <message>
        <source>Composer status</source>
        <translation>입력 창 상태</translation>
    </message>
    <message>
        <source>Compare levels…</source>
        <translation>수준 비교…</translation>
    </message>
    <message>
        <source>Compare the answers at several detail levels</source>
        <translation>여러 상세 수준의 답변 비교</translation>
    </message>
    <message>
        <source>Ask at several detail levels and see the answers side by side</source>
        <translation>여러 상세 수준으로 물어보고 답변을 나란히 봅니다</translation>
    </message>
    <message>
        <source>Attach an image first: detail levels change only how images are seen</source>
        <translation>먼저 이미지를 첨부하세요. 상세 수준은 이미지를 보는 방식만 바꿉니다</translation>
    </message>
    <message>
        <source>Choose the answer to continue with: “Continue with this answer” under a column.</source>
        <translation>계속할 답변을 고르세요: 열 아래의 “이 답변으로 계속”.</translation>
    </message>
    <message>
        <source>This server is sent no detail level (server default): there are no levels to compare</source>
        <translation>이 서버에는 상세 수준을 보내지 않습니다(서버 기본값): 비교할 수준이 없습니다</translation>
    </message>
    <message>
        <source>Sweep many images over detail levels (Ctrl+Shift+L)</source>
        <translation>여러 이미지를 여러 상세 수준으로 스윕 (Ctrl+Shift+L)</translation>
    </message>
    <message>
        <source>Which detail level do your images need? Ask about many images at several levels</source>
        <translation>내 이미지에는 어떤 상세 수준이 필요할까요? 여러 이미지를 여러 수준으로 물어봅니다</translation>
    </message>
    <message>
        <source>%L1 image tokens</source>
        <extracomment>Beside the level picker: the image tokens of the attached images at their detail levels.</extracomment>
        <translation>이미지 토큰 %L1</translation>
    </message>
    <message>
        <source>Sweep… (Ctrl+Shift+L)</source>
        <translation>스윕… (Ctrl+Shift+L)</translation>
    </message>
    <message>
        <source>Stop (Esc)</source>
        <translation>중지 (Esc)</translation>
    </message>
    <message>
        <source>Send (Enter)</source>
        <translation>보내기 (Enter)</translation>
    </message>
</context>
<context>
    <name>ContextMeter</name>
    <message>
        <source>Context used</source>
        <translation>사용한 컨텍스트</translation>
    </message>
    <message>
        <source>≈%L1 + %L2 reply tokens &gt; %L3: the reply will not fit</source>
        <translation>≈%L1 + 답변 토큰 %L2 &gt; %L3: 답변이 들어가지 않습니다</translation>
    </message>
    <message>
        <source>≈%L1 + %L2 reply tokens of %L3</source>
        <translation>≈%L1 + 답변 토큰 %L2 / %L3</translation>
    </message>
    <message>
        <source>Context budget</source>
        <translation>컨텍스트 예산</translation>
    </message>
    <message>
        <source>Lower detail</source>
        <translation>상세 수준 낮추기</translation>
    </message>
    <message>
        <source>Lower the images&apos; detail level</source>
        <translation>이미지의 상세 수준 낮추기</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>새 대화</translation>
    </message>
    <message>
        <source>Start a new chat (the history is not sent)</source>
        <translation>새 대화 시작 (이전 기록은 보내지 않음)</translation>
    </message>
    <message>
        <source>%L1 positions + %L2 reply tokens &gt; %L3: the reply will not fit</source>
        <translation>위치 %L1 + 답변 토큰 %L2 &gt; %L3: 답변이 들어가지 않습니다</translation>
    </message>
    <message>
        <source>%L1 positions + %L2 reply tokens of %L3</source>
        <translation>위치 %L1 + 답변 토큰 %L2 / %L3</translation>
    </message>
    <message>
        <source>Counted by the engine: the context positions this message&apos;s prompt takes, images at their detail levels, history and template included</source>
        <translation>엔진이 센 값: 이 메시지의 프롬프트가 차지하는 컨텍스트 위치 수 (이미지는 각자의 상세 수준으로, 이전 기록과 템플릿 포함)</translation>
    </message>
    <message>
        <source>An estimate: the server counts the prompt for itself</source>
        <translation>추정값: 서버는 프롬프트를 직접 셉니다</translation>
    </message>
</context>
<context>
    <name>ConversationStore</name>
    <message>
        <source>not valid JSON at byte %1 (%2)</source>
        <translation>%1번째 바이트에서 올바른 JSON이 아님 (%2)</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>JSON 객체가 아님</translation>
    </message>
    <message>
        <source>id &quot;%1&quot; does not match its folder</source>
        <translation>ID &quot;%1&quot;이(가) 폴더와 맞지 않음</translation>
    </message>
    <message>
        <source>not saved: the file on disk could not be read and is kept as it is</source>
        <translation>저장하지 않음: 디스크의 파일을 읽을 수 없어 그대로 둡니다</translation>
    </message>
    <message>
        <source>cannot create the folder</source>
        <translation>폴더를 만들 수 없음</translation>
    </message>
    <message>
        <source>cannot move the conversation to the trash</source>
        <translation>대화를 휴지통으로 옮길 수 없음</translation>
    </message>
    <message>
        <source>cannot restore the conversation</source>
        <translation>대화를 복원할 수 없음</translation>
    </message>
    <message>
        <source>changed while it was being read</source>
        <translation>읽는 동안 파일이 바뀌었음</translation>
    </message>
</context>
<context>
    <name>DemoBanner</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <extracomment>Two detail levels compared side by side: &quot;Minimal 70 and Maximum 1120&quot;.</extracomment>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Demo model on the simulated device: a tiny demo model trained on shapes and words, still often wrong; choose a compiled model folder for Gemma 4.</source>
        <translation>시뮬레이션 장치의 데모 모델: 도형과 단어로 학습한 아주 작은 데모 모델이라 아직 자주 틀립니다. Gemma 4를 쓰려면 컴파일된 모델 폴더를 선택하세요.</translation>
    </message>
    <message>
        <source>Demo model note</source>
        <translation>데모 모델 안내</translation>
    </message>
    <message>
        <source>Try it</source>
        <extracomment>Button opening a menu of example images and questions for the demo model.</extracomment>
        <translation>사용해 보기</translation>
    </message>
    <message>
        <source>Try it: example images and questions</source>
        <translation>사용해 보기: 예시 이미지와 질문</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>Example images and questions the demo model was trained for (Ctrl+T)</source>
        <translation>데모 모델이 학습한 종류의 예시 이미지와 질문 (Ctrl+T)</translation>
    </message>
    <message>
        <source>%1, compare %2</source>
        <translation>%1, %2 비교</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Try “%1” (%2)</source>
        <translation>“%1” 사용해 보기 (%2)</translation>
    </message>
</context>
<context>
    <name>DropOverlay</name>
    <message>
        <source>Drop images to attach them</source>
        <translation>이미지를 놓아 첨부하세요</translation>
    </message>
</context>
<context>
    <name>DurableFile</name>
    <message>
        <source>could not be written (%1); the file on disk was left as it was</source>
        <translation>쓸 수 없음 (%1): 디스크의 파일은 그대로 둡니다</translation>
    </message>
    <message>
        <source>%1 of %2 bytes reached the disk; the file on disk was left as it was</source>
        <translation>%2바이트 중 %1바이트만 디스크에 기록됨: 디스크의 파일은 그대로 둡니다</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>일반 파일이 아님</translation>
    </message>
    <message>
        <source>%1 bytes, more than the %2 allowed</source>
        <translation>%1바이트로, 허용된 %2바이트보다 큼</translation>
    </message>
    <message>
        <source>changed while it was being copied</source>
        <translation>복사하는 동안 파일이 바뀌었음</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <source>Ask about your images</source>
        <extracomment>The empty chat&apos;s heading.</extracomment>
        <translation>이미지에 대해 물어보세요</translation>
    </message>
    <message>
        <source>Facet asks Gemma 4 on your NPU about pictures: drop, paste or attach images, choose how much detail the model sees, and ask.</source>
        <translation>Facet은 NPU의 Gemma 4에게 그림에 대해 묻습니다: 이미지를 끌어다 놓거나 붙여넣거나 첨부하고, 모델이 볼 세부 정도를 고른 뒤 질문하세요.</translation>
    </message>
    <message>
        <source>Try an example the demo model was trained for</source>
        <extracomment>Above the example cards of the demo model.</extracomment>
        <translation>데모 모델이 학습한 예제를 사용해 보세요</translation>
    </message>
    <message>
        <source>Try “%1” (%2)</source>
        <translation>“%1” 사용해 보기 (%2)</translation>
    </message>
    <message>
        <source>Compare %1 and %2</source>
        <translation>%1과 %2 비교</translation>
    </message>
    <message>
        <source>Detail %1 %2</source>
        <translation>상세 수준 %1 %2</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export as Markdown</source>
        <translation>Markdown으로 내보내기</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>JSON으로 내보내기</translation>
    </message>
    <message>
        <source>Choose the export folder</source>
        <translation>내보낼 폴더 선택</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>폴더</translation>
    </message>
    <message>
        <source>Export folder</source>
        <translation>내보낼 폴더</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>선택…</translation>
    </message>
    <message>
        <source>File name</source>
        <translation>파일 이름</translation>
    </message>
    <message>
        <source>Export file name</source>
        <translation>내보낼 파일 이름</translation>
    </message>
    <message>
        <source>%1 exists: Export replaces it.</source>
        <translation>%1이(가) 이미 있습니다. 내보내면 이 파일을 바꿉니다.</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>바꾸기</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>내보내기</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Cancel export</source>
        <translation>내보내기 취소</translation>
    </message>
</context>
<context>
    <name>ExportWriter</name>
    <message>
        <source>no file name</source>
        <translation>파일 이름이 없음</translation>
    </message>
    <message>
        <source>folder does not exist</source>
        <translation>폴더가 없음</translation>
    </message>
    <message>
        <source>is a folder</source>
        <translation>폴더임</translation>
    </message>
    <message>
        <source>stored image is missing</source>
        <translation>저장된 이미지가 없음</translation>
    </message>
    <message>
        <source>cannot create the images folder</source>
        <translation>이미지 폴더를 만들 수 없음</translation>
    </message>
    <message>
        <source>cannot rename the copied image</source>
        <translation>복사한 이미지의 이름을 바꿀 수 없음</translation>
    </message>
</context>
<context>
    <name>ImageFacts</name>
    <message>
        <source>the file does not exist</source>
        <translation>파일이 없음</translation>
    </message>
    <message>
        <source>not a file</source>
        <translation>파일이 아님</translation>
    </message>
    <message>
        <source>too large (%L1 MB; the limit is %L2 MB)</source>
        <translation>너무 큼 (%L1 MB, 한도는 %L2 MB)</translation>
    </message>
    <message>
        <source>cannot be resized for detail level %1</source>
        <translation>상세 수준 %1에 맞게 크기를 바꿀 수 없음</translation>
    </message>
</context>
<context>
    <name>ImagePickerCell</name>
    <message>
        <source>Folder %1</source>
        <translation>폴더 %1</translation>
    </message>
    <message>
        <source>No preview</source>
        <extracomment>In the image picker, where a thumbnail could not be made (the file is not a readable image).</extracomment>
        <translation>미리 보기 없음</translation>
    </message>
</context>
<context>
    <name>ImagePickerDialog</name>
    <message numerus="yes">
        <source>Attach %n image(s)</source>
        <translation>
            <numerusform>이미지 %n개 첨부</numerusform>
        </translation>
    </message>
    <message>
        <source>Attach images</source>
        <translation>이미지 첨부</translation>
    </message>
    <message>
        <source>Cannot open the folder %1</source>
        <translation>폴더 %1을(를) 열 수 없음</translation>
    </message>
    <message>
        <source>There is no file or folder %1</source>
        <translation>파일이나 폴더 %1이(가) 없음</translation>
    </message>
    <message>
        <source>Up to the parent folder (Backspace)</source>
        <translation>상위 폴더로 (Backspace)</translation>
    </message>
    <message>
        <source>A folder, or an image&apos;s full path</source>
        <translation>폴더, 또는 이미지의 전체 경로</translation>
    </message>
    <message>
        <source>Folder or file path (Ctrl+L)</source>
        <translation>폴더 또는 파일 경로 (Ctrl+L)</translation>
    </message>
    <message>
        <source>Places</source>
        <extracomment>Heading of the image picker&apos;s list of folders to jump to.</extracomment>
        <translation>위치</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>홈</translation>
    </message>
    <message>
        <source>Go to the home folder</source>
        <translation>홈 폴더로 이동</translation>
    </message>
    <message>
        <source>Pictures</source>
        <translation>사진</translation>
    </message>
    <message>
        <source>Go to the Pictures folder</source>
        <translation>사진 폴더로 이동</translation>
    </message>
    <message>
        <source>Last attached</source>
        <extracomment>Image picker place: the folder of the image attached last.</extracomment>
        <translation>마지막 첨부</translation>
    </message>
    <message>
        <source>Go to the folder of the last attached image</source>
        <translation>마지막으로 첨부한 이미지의 폴더로 이동</translation>
    </message>
    <message>
        <source>Folders and images in %1</source>
        <translation>%1의 폴더와 이미지</translation>
    </message>
    <message>
        <source>No folders or images here</source>
        <extracomment>The image picker&apos;s folder has no subfolders and no image Facet reads.</extracomment>
        <translation>폴더나 이미지가 없음</translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 image(s) selected</source>
        <translation>
            <numerusform>이미지 %1개 중 %n개 선택됨</numerusform>
        </translation>
    </message>
    <message>
        <source>Click, Ctrl+click, Shift+click or Space to select images; Enter attaches</source>
        <translation>클릭, Ctrl+클릭, Shift+클릭 또는 Space로 이미지를 선택하고 Enter로 첨부합니다</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
</context>
<context>
    <name>LevelPicker</name>
    <message>
        <source>Detail level</source>
        <translation>상세 수준</translation>
    </message>
    <message>
        <source>Up to %1 image tokens per image</source>
        <translation>이미지당 이미지 토큰 %1개까지</translation>
    </message>
    <message>
        <source>Not available: the loaded model was compiled for %1 only</source>
        <translation>사용할 수 없음: 불러온 모델은 %1에 대해서만 컴파일됨</translation>
    </message>
    <message>
        <source>The server&apos;s default level applies: Facet sends it no detail level</source>
        <translation>서버의 기본 수준이 적용됩니다: Facet은 상세 수준을 보내지 않습니다</translation>
    </message>
    <message>
        <source>Server default</source>
        <extracomment>After the greyed level buttons: the server decides the level (no level is sent).</extracomment>
        <translation>서버 기본값</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>%1 — Facet</source>
        <translation>%1 — Facet</translation>
    </message>
</context>
<context>
    <name>MarkdownBlocks</name>
    <message>
        <source>Reply text</source>
        <translation>답변 텍스트</translation>
    </message>
    <message>
        <source>Reply part %1</source>
        <translation>답변 %1부분</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>코드 복사</translation>
    </message>
</context>
<context>
    <name>ModelDetailsPopup</name>
    <message>
        <source>Model details</source>
        <translation>모델 세부 정보</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>모델</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>서버</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>왕복 시간</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>not answering: %1</source>
        <translation>응답 없음: %1</translation>
    </message>
    <message>
        <source>Detail levels</source>
        <translation>상세 수준</translation>
    </message>
    <message>
        <source>server default level</source>
        <translation>서버 기본 상세 수준</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>폴더</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>장치</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>런타임</translation>
    </message>
    <message>
        <source>built-in simulator</source>
        <translation>내장 시뮬레이터</translation>
    </message>
    <message>
        <source>RBLN runtime</source>
        <translation>RBLN 런타임</translation>
    </message>
    <message>
        <source>Image buckets</source>
        <translation>이미지 버킷</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>컨텍스트</translation>
    </message>
    <message>
        <source>%L1 tokens</source>
        <translation>%L1 토큰</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>복사</translation>
    </message>
    <message>
        <source>Copy the model details</source>
        <translation>모델 세부 정보 복사</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <extracomment>The model picker when nothing is loaded.</extracomment>
        <translation>모델 선택</translation>
    </message>
    <message>
        <source>Demo model</source>
        <translation>데모 모델</translation>
    </message>
    <message>
        <source>Loading %1 %</source>
        <extracomment>The model picker while a model loads: its progress in per cent.</extracomment>
        <translation>불러오는 중 %1 %</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>실패</translation>
    </message>
    <message>
        <source>No model</source>
        <translation>모델 없음</translation>
    </message>
    <message>
        <source>Server · %1 ms</source>
        <translation>서버 · %1 ms</translation>
    </message>
    <message>
        <source>Server not answering</source>
        <translation>서버 응답 없음</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>준비됨</translation>
    </message>
    <message>
        <source>Model status</source>
        <translation>모델 상태</translation>
    </message>
    <message>
        <source>Demo model (built in)</source>
        <translation>데모 모델 (내장)</translation>
    </message>
    <message>
        <source>Load the built-in demo model</source>
        <translation>내장 데모 모델 불러오기</translation>
    </message>
    <message>
        <source>Load the model folder %1</source>
        <translation>모델 폴더 %1 불러오기</translation>
    </message>
    <message>
        <source>Model folder…</source>
        <translation>모델 폴더…</translation>
    </message>
    <message>
        <source>Open a compiled model folder</source>
        <translation>컴파일된 모델 폴더 열기</translation>
    </message>
    <message>
        <source>Server in use: %1</source>
        <translation>사용 중인 서버: %1</translation>
    </message>
    <message>
        <source>Server…</source>
        <translation>서버…</translation>
    </message>
    <message>
        <source>Connect to a server</source>
        <translation>서버에 연결</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>자세히…</translation>
    </message>
    <message>
        <source>Model details</source>
        <translation>모델 세부 정보</translation>
    </message>
</context>
<context>
    <name>ModelViewPopup</name>
    <message>
        <source>What the model sees — %1</source>
        <translation>모델이 보는 이미지 — %1</translation>
    </message>
    <message>
        <source>%1 (%2): %L3 soft tokens. Original %4×%5, model input %6×%7; each cell is one soft token.</source>
        <translation>%1 (%2): 소프트 토큰 %L3개. 원본 %4×%5, 모델 입력 %6×%7. 칸 하나가 소프트 토큰 하나입니다.</translation>
    </message>
    <message>
        <source>Resized image with the soft-token grid</source>
        <translation>소프트 토큰 격자를 얹은 크기 조정 이미지</translation>
    </message>
    <message>
        <source>The image could not be prepared</source>
        <translation>이미지를 준비할 수 없습니다</translation>
    </message>
    <message>
        <source>Resized image with the soft-token grid; arrows choose a region, Shift+arrows resize it, Enter asks about it</source>
        <translation>소프트 토큰 격자를 얹은 크기 조정 이미지. 화살표로 영역을 고르고 Shift+화살표로 크기를 바꾸며 Enter로 그 영역에 대해 질문합니다</translation>
    </message>
    <message>
        <source>Region x %1, y %2, %3×%4 pixels</source>
        <translation>영역 x %1, y %2, %3×%4 픽셀</translation>
    </message>
    <message>
        <source>Drag a rectangle on the image (or use the arrow keys) to ask about a region of it.</source>
        <translation>이미지 위에 사각형을 끌어서(또는 화살표 키로) 그 영역에 대해 질문하세요.</translation>
    </message>
    <message>
        <source>Ask about this region</source>
        <translation>이 영역에 대해 질문</translation>
    </message>
    <message>
        <source>Select a region of %1</source>
        <translation>%1의 영역 선택</translation>
    </message>
    <message>
        <source>Original %1×%2, as attached. The region is attached as an image of its own at the lowest level that keeps it whole; the whole image keeps its level.</source>
        <translation>첨부한 원본 %1×%2. 영역은 잘리지 않고 온전히 유지되는 가장 낮은 상세 수준에서 별도 이미지로 첨부되며, 전체 이미지는 제 상세 수준을 유지합니다.</translation>
    </message>
    <message>
        <source>The attached image; arrows choose a region, Shift+arrows resize it, Enter asks about it</source>
        <translation>첨부한 이미지. 화살표로 영역을 고르고 Shift+화살표로 크기를 바꾸며 Enter로 그 영역에 대해 질문합니다</translation>
    </message>
</context>
<context>
    <name>NewChatSection</name>
    <message>
        <source>Detail level</source>
        <extracomment>Settings row: the detail level a new chat&apos;s message starts at.</extracomment>
        <translation>상세 수준</translation>
    </message>
    <message>
        <source>New chat detail level</source>
        <translation>새 대화의 상세 수준</translation>
    </message>
    <message>
        <source>The loaded model has no level %1: new chats start at %2 with it.</source>
        <extracomment>Under the new chat&apos;s level: the chosen level is not compiled into the loaded model.</extracomment>
        <translation>불러온 모델에는 수준 %1이 없습니다. 이 모델에서는 새 대화가 %2에서 시작합니다.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>시스템 프롬프트</translation>
    </message>
    <message>
        <source>Optional: instructions the model follows in every new chat</source>
        <translation>선택 사항: 새 대화마다 모델이 따를 지시</translation>
    </message>
    <message>
        <source>System prompt for new chats</source>
        <translation>새 대화의 시스템 프롬프트</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>생각</translation>
    </message>
    <message>
        <source>Think first</source>
        <translation>먼저 생각하기</translation>
    </message>
    <message>
        <source>New chats let the model think before answering</source>
        <translation>새 대화에서 답하기 전에 모델이 생각하게 하기</translation>
    </message>
    <message>
        <source>For chats started from now on (Ctrl+N); the open chat keeps its own settings.</source>
        <translation>지금부터 시작하는 대화에 적용됩니다 (Ctrl+N). 열려 있는 대화는 자체 설정을 유지합니다.</translation>
    </message>
</context>
<context>
    <name>NoticeArea</name>
    <message>
        <source>Dismiss message</source>
        <translation>알림 닫기</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>the system keyring did not answer</source>
        <translation>시스템 키링이 응답하지 않았습니다</translation>
    </message>
</context>
<context>
    <name>ReplaceDraftDialog</name>
    <message>
        <source>Replace your message?</source>
        <translation>메시지를 바꿀까요?</translation>
    </message>
    <message numerus="yes">
        <source>The message box holds your text and %n image(s).</source>
        <translation>
            <numerusform>메시지 입력란에 작성한 텍스트와 이미지 %n개가 있습니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>The message box holds your text.</source>
        <translation>메시지 입력란에 작성한 텍스트가 있습니다.</translation>
    </message>
    <message numerus="yes">
        <source>The message box holds %n image(s).</source>
        <translation>
            <numerusform>메시지 입력란에 이미지 %n개가 있습니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>The example would replace your message.</source>
        <translation>예시를 열면 이 메시지가 예시로 바뀝니다.</translation>
    </message>
    <message>
        <source>Keep my message</source>
        <translation>내 메시지 유지</translation>
    </message>
    <message>
        <source>Keep my message and do not open the example</source>
        <translation>내 메시지를 유지하고 예시를 열지 않기</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>바꾸기</translation>
    </message>
    <message>
        <source>Replace my message with the example</source>
        <translation>내 메시지를 예시로 바꾸기</translation>
    </message>
</context>
<context>
    <name>ReplyMessage</name>
    <message>
        <source>Reply</source>
        <translation>답변</translation>
    </message>
    <message>
        <source>Progress</source>
        <extracomment>Accessible name of the phase line under a streaming reply.</extracomment>
        <translation>진행 상황</translation>
    </message>
    <message>
        <source>Thinking</source>
        <extracomment>Header of the folded section holding the model&apos;s reasoning (noun).</extracomment>
        <translation>생각 과정</translation>
    </message>
    <message>
        <source>Hide the model&apos;s thinking</source>
        <translation>모델의 생각 과정 숨기기</translation>
    </message>
    <message>
        <source>Show the model&apos;s thinking</source>
        <translation>모델의 생각 과정 보기</translation>
    </message>
    <message>
        <source>The model&apos;s thinking</source>
        <translation>모델의 생각 과정</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>오류: %1</translation>
    </message>
    <message>
        <source>Copy reply</source>
        <translation>답변 복사</translation>
    </message>
    <message>
        <source>Regenerate reply (keeps this one as a version)</source>
        <translation>답변 다시 생성 (지금 답변은 버전으로 남음)</translation>
    </message>
    <message>
        <source>Compared answer at detail level %1 %2</source>
        <translation>상세 수준 %1 %2에서 비교한 답변</translation>
    </message>
</context>
<context>
    <name>ReplyStats</name>
    <message>
        <source>Reply statistics</source>
        <translation>답변 통계</translation>
    </message>
    <message>
        <source>stopped before the first token</source>
        <translation>첫 토큰 전에 중지됨</translation>
    </message>
    <message>
        <source>failed before the first token</source>
        <translation>첫 토큰 전에 실패함</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>프롬프트 토큰</translation>
    </message>
    <message>
        <source>%L1 prompt tokens</source>
        <translation>프롬프트 토큰 %L1</translation>
    </message>
    <message>
        <source>image tokens</source>
        <translation>이미지 토큰</translation>
    </message>
    <message>
        <source>%L1 image tokens</source>
        <translation>이미지 토큰 %L1</translation>
    </message>
    <message>
        <source>reused tokens</source>
        <translation>재사용한 토큰</translation>
    </message>
    <message>
        <source>%L1 reused</source>
        <comment>tokens whose cache was reused</comment>
        <translation>재사용 %L1</translation>
    </message>
    <message>
        <source>images reused</source>
        <translation>재사용한 이미지</translation>
    </message>
    <message numerus="yes">
        <source>%n image(s) not encoded again</source>
        <translation>
            <numerusform>이미지 %n개는 다시 인코딩하지 않음</numerusform>
        </translation>
    </message>
    <message>
        <source>generated tokens</source>
        <translation>생성한 토큰</translation>
    </message>
    <message>
        <source>%L1 generated</source>
        <comment>tokens</comment>
        <translation>생성 %L1</translation>
    </message>
    <message>
        <source>time to first token</source>
        <translation>첫 토큰까지 걸린 시간</translation>
    </message>
    <message>
        <source>first token %L1 ms</source>
        <translation>첫 토큰 %L1 ms</translation>
    </message>
    <message>
        <source>decode speed</source>
        <translation>디코드 속도</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>초당 %1 토큰</translation>
    </message>
    <message>
        <source>buckets</source>
        <extracomment>Reply statistics: a bucket is a compiled image-prefill size; &quot;280→384&quot; maps a detail level to the bucket used.</extracomment>
        <translation>버킷</translation>
    </message>
    <message>
        <source>level→bucket %1</source>
        <translation>수준→버킷 %1</translation>
    </message>
    <message>
        <source>finish reason</source>
        <translation>종료 이유</translation>
    </message>
    <message>
        <source>ended: %1</source>
        <translation>종료: %1</translation>
    </message>
    <message>
        <source>engine</source>
        <translation>엔진</translation>
    </message>
    <message>
        <source>server %1 · %2</source>
        <translation>서버 %1 · %2</translation>
    </message>
    <message>
        <source>detail level</source>
        <translation>상세 수준</translation>
    </message>
    <message>
        <source>server default level</source>
        <translation>서버 기본 상세 수준</translation>
    </message>
    <message>
        <source>%L1 image tokens by the server&apos;s usage</source>
        <translation>서버 사용량 기준 이미지 토큰 %L1</translation>
    </message>
    <message>
        <source>image tokens not reported by the server</source>
        <translation>서버가 알려 주지 않은 이미지 토큰</translation>
    </message>
</context>
<context>
    <name>ServerDialog</name>
    <message>
        <source>Connect to a server</source>
        <translation>서버에 연결</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>서버 URL</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 키</translation>
    </message>
    <message>
        <source>Kept for this server (leave empty to use it)</source>
        <translation>이 서버용으로 보관됨 (비워 두면 그대로 사용)</translation>
    </message>
    <message>
        <source>None (or FACET_API_KEY)</source>
        <translation>없음 (또는 FACET_API_KEY)</translation>
    </message>
    <message>
        <source>No system keyring</source>
        <translation>시스템 키링 없음</translation>
    </message>
    <message>
        <source>Where the API key is kept</source>
        <translation>API 키를 보관하는 곳</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>모델</translation>
    </message>
    <message>
        <source>Served model</source>
        <translation>서버의 모델</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>%1에 모델 목록을 묻는 중…</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) served · %1 ms round trip</source>
        <translation>
            <numerusform>모델 %n개 · 왕복 %1 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>Type the server&apos;s address; its models are listed here.</source>
        <translation>서버 주소를 입력하면 여기에 모델 목록이 나옵니다.</translation>
    </message>
    <message>
        <source>Server answer</source>
        <translation>서버의 응답</translation>
    </message>
    <message>
        <source>Detail levels</source>
        <translation>상세 수준</translation>
    </message>
    <message>
        <source>Offer detail level %1</source>
        <translation>상세 수준 %1 제공</translation>
    </message>
    <message>
        <source>Connection problem</source>
        <translation>연결 문제</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>연결하는 중…</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>연결</translation>
    </message>
    <message>
        <source>Connect to the server</source>
        <translation>서버에 연결</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Cancel connecting to a server</source>
        <translation>서버 연결 취소</translation>
    </message>
    <message>
        <source>Tick the levels the server was started with: a level a vllm-rbln server was not compiled for can stop that server.</source>
        <translation>서버를 시작할 때 지정한 수준을 선택하세요. vllm-rbln 서버는 컴파일되지 않은 수준을 받으면 중지될 수 있습니다.</translation>
    </message>
    <message>
        <source>Server default: send no level</source>
        <translation>서버 기본값: 상세 수준을 보내지 않음</translation>
    </message>
    <message>
        <source>Send no detail level; the server&apos;s default applies</source>
        <translation>상세 수준을 보내지 않음; 서버의 기본값 적용</translation>
    </message>
    <message>
        <source>For a vLLM server started without --trust-request-mm-kwargs, which refuses a detail level per request.</source>
        <translation>--trust-request-mm-kwargs 없이 시작해 요청마다 상세 수준을 거부하는 vLLM 서버용입니다.</translation>
    </message>
</context>
<context>
    <name>ServersSection</name>
    <message>
        <source>No server yet: the servers you connect to are listed here.</source>
        <translation>아직 서버가 없습니다. 연결한 서버가 여기에 표시됩니다.</translation>
    </message>
    <message>
        <source>%1 · in use</source>
        <extracomment>Under a remembered server&apos;s URL: its model, and whether it is the one in use or used last.</extracomment>
        <translation>%1 · 사용 중</translation>
    </message>
    <message>
        <source>%1 · used last</source>
        <translation>%1 · 마지막으로 사용</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>연결</translation>
    </message>
    <message>
        <source>Connect to %1</source>
        <translation>%1에 연결</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>제거</translation>
    </message>
    <message>
        <source>Remove %1 and its key</source>
        <translation>%1 및 해당 키 제거</translation>
    </message>
    <message>
        <source>Forget this server, and its API key in the system keyring</source>
        <translation>이 서버와 시스템 키링에 있는 그 API 키를 잊기</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>연결하는 중…</translation>
    </message>
    <message>
        <source>Connect to a server…</source>
        <translation>서버에 연결…</translation>
    </message>
    <message>
        <source>Connect to another server</source>
        <translation>다른 서버에 연결</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>System prompt</source>
        <translation>시스템 프롬프트</translation>
    </message>
    <message>
        <source>Optional: instructions the model follows in this conversation</source>
        <translation>선택 사항: 이 대화에서 모델이 따를 지시</translation>
    </message>
    <message>
        <source>Thinking</source>
        <extracomment>Settings row: whether the model reasons before answering (noun).</extracomment>
        <translation>생각</translation>
    </message>
    <message>
        <source>On for this conversation: switch it with “Think first” under the message box.</source>
        <translation>이 대화에서 켜져 있습니다. 메시지 입력란 아래의 “먼저 생각하기”로 바꾸세요.</translation>
    </message>
    <message>
        <source>Off for this conversation: switch it with “Think first” under the message box.</source>
        <translation>이 대화에서 꺼져 있습니다. 메시지 입력란 아래의 “먼저 생각하기”로 바꾸세요.</translation>
    </message>
    <message>
        <source>Sample</source>
        <extracomment>Settings row: sample the next token at random (on) or take the likeliest (off, greedy). A verb.</extracomment>
        <translation>샘플링</translation>
    </message>
    <message>
        <source>Sample (off: greedy)</source>
        <translation>샘플링 (끄면 그리디)</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>온도</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Max new tokens</source>
        <translation>최대 새 토큰 수</translation>
    </message>
    <message>
        <source>Seed</source>
        <extracomment>The random seed of sampling.</extracomment>
        <translation>시드</translation>
    </message>
    <message>
        <source>random</source>
        <extracomment>Placeholder of the empty seed field: a fresh random seed per reply.</extracomment>
        <translation>무작위</translation>
    </message>
    <message>
        <source>Seed (empty: random)</source>
        <translation>시드 (비우면 무작위)</translation>
    </message>
    <message>
        <source>Using the model&apos;s defaults (generation_config.json)</source>
        <translation>모델의 기본값 사용 중 (generation_config.json)</translation>
    </message>
    <message>
        <source>Custom settings for this conversation</source>
        <translation>이 대화만의 설정</translation>
    </message>
    <message>
        <source>Reset to the model&apos;s defaults</source>
        <translation>모델의 기본값으로 되돌리기</translation>
    </message>
    <message>
        <source>Language</source>
        <extracomment>The language of the app&apos;s menus and labels (not of the model&apos;s answers).</extracomment>
        <translation>언어</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>시스템 (%1)</translation>
    </message>
    <message>
        <source>Image cache (MB)</source>
        <extracomment>The memory kept for the vision encoder&apos;s output, shared by all conversations.</extracomment>
        <translation>이미지 캐시 (MB)</translation>
    </message>
    <message>
        <source>Image cache size in megabytes</source>
        <translation>이미지 캐시 크기 (메가바이트)</translation>
    </message>
    <message>
        <source>Encoded images are kept so that an image is never encoded twice at the same detail level; images are also encoded while you type. 0 turns this off.</source>
        <translation>인코딩한 이미지를 보관해서 같은 상세 수준으로 두 번 인코딩하지 않습니다. 입력하는 동안에도 이미지를 미리 인코딩합니다. 0이면 끕니다.</translation>
    </message>
    <message>
        <source>Stop repeating replies</source>
        <extracomment>The repetition guard: the engine ends a reply that repeats the same words over and over.</extracomment>
        <translation>반복되는 답변 중지</translation>
    </message>
    <message>
        <source>Stop a reply that repeats the same words over and over</source>
        <translation>같은 말을 계속 반복하는 답변을 중지</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>설정</translation>
    </message>
    <message>
        <source>This conversation</source>
        <extracomment>Settings section: what applies to the open conversation only.</extracomment>
        <translation>이 대화</translation>
    </message>
    <message>
        <source>Appearance</source>
        <extracomment>Settings section: how the window looks, for every conversation.</extracomment>
        <translation>모양</translation>
    </message>
    <message>
        <source>Theme</source>
        <extracomment>Light or dark colours of the window.</extracomment>
        <translation>테마</translation>
    </message>
    <message>
        <source>System</source>
        <extracomment>Theme choices: follow the desktop&apos;s colours, or always light or dark.</extracomment>
        <translation>시스템</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>밝게</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>어둡게</translation>
    </message>
    <message>
        <source>Images</source>
        <extracomment>Settings section: the images&apos; encodings kept in memory, for every conversation.</extracomment>
        <translation>이미지</translation>
    </message>
    <message>
        <source>New chats</source>
        <extracomment>Settings section: what a new chat starts with.</extracomment>
        <translation>새 대화</translation>
    </message>
    <message>
        <source>Servers</source>
        <extracomment>Settings section: the servers connected to before.</extracomment>
        <translation>서버</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>단축키</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>새 대화</translation>
    </message>
    <message>
        <source>Attach images</source>
        <translation>이미지 첨부</translation>
    </message>
    <message>
        <source>Paste images (or text into the message box)</source>
        <translation>이미지 붙여넣기 (또는 메시지 입력란에 텍스트)</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>메시지 보내기</translation>
    </message>
    <message>
        <source>New line in the message</source>
        <translation>메시지 줄 바꿈</translation>
    </message>
    <message>
        <source>Tab character in the message</source>
        <translation>메시지에 탭 문자 넣기</translation>
    </message>
    <message>
        <source>Stop the reply being written</source>
        <translation>작성 중인 답변 중지</translation>
    </message>
    <message>
        <source>Export the conversation (Markdown or JSON)</source>
        <translation>대화 내보내기 (Markdown 또는 JSON)</translation>
    </message>
    <message>
        <source>Move between controls</source>
        <translation>컨트롤 사이 이동</translation>
    </message>
    <message>
        <source>This list of keyboard shortcuts</source>
        <translation>이 단축키 목록</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>끝내기</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Try it: example images and questions (demo model)</source>
        <translation>사용해 보기: 예시 이미지와 질문 (데모 모델)</translation>
    </message>
    <message>
        <source>Sweep: which detail level do many images need</source>
        <translation>스윕: 여러 이미지에 필요한 상세 수준 찾기</translation>
    </message>
    <message>
        <source>Hide or show the conversations</source>
        <translation>대화 목록 숨기기 또는 보이기</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <source>New chat</source>
        <translation>새 대화</translation>
    </message>
    <message>
        <source>New chat (Ctrl+N)</source>
        <translation>새 대화 (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search titles and text</source>
        <translation>제목과 내용 검색</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>대화 검색</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>대화</translation>
    </message>
    <message>
        <source>No match</source>
        <translation>일치하는 대화 없음</translation>
    </message>
    <message>
        <source>No saved conversations</source>
        <translation>저장된 대화 없음</translation>
    </message>
    <message>
        <source>Deleted “%1”</source>
        <translation>“%1” 삭제됨</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>되돌리기</translation>
    </message>
    <message>
        <source>Undo delete</source>
        <translation>삭제 되돌리기</translation>
    </message>
    <message>
        <source>Today</source>
        <extracomment>Sidebar header: conversations changed today.</extracomment>
        <translation>오늘</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>어제</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <extracomment>Sidebar header: changed 2 to 6 days ago.</extracomment>
        <translation>지난 7일</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <extracomment>Sidebar header: changed 7 to 29 days ago.</extracomment>
        <translation>지난 30일</translation>
    </message>
    <message>
        <source>Older</source>
        <extracomment>Sidebar header: changed 30 or more days ago.</extracomment>
        <translation>이전</translation>
    </message>
</context>
<context>
    <name>SmokeSteps</name>
    <message>
        <source>The model folder is complete (as inspect-model)</source>
        <translation>모델 폴더가 완전함 (inspect-model과 같은 검사)</translation>
    </message>
    <message>
        <source>The RBLN runtime library loads</source>
        <translation>RBLN 런타임 라이브러리를 불러옴</translation>
    </message>
    <message>
        <source>Every graph loads on the device</source>
        <translation>모든 그래프를 장치에 불러옴</translation>
    </message>
    <message>
        <source>Graph inputs and outputs match the folder&apos;s configs</source>
        <translation>그래프의 입력과 출력이 폴더의 설정과 일치함</translation>
    </message>
    <message>
        <source>The vision tower runs at every level on the built-in image</source>
        <translation>내장 이미지로 모든 상세 수준에서 비전 타워가 실행됨</translation>
    </message>
    <message>
        <source>Prefill and greedy decode of a fixed question at every level</source>
        <translation>모든 상세 수준에서 고정 질문의 프리필과 그리디 디코드</translation>
    </message>
    <message>
        <source>Two greedy runs give the same tokens</source>
        <translation>그리디 실행 두 번이 같은 토큰을 냄</translation>
    </message>
    <message>
        <source>Stop during decode ends the request</source>
        <translation>디코드 중 중지하면 요청이 끝남</translation>
    </message>
    <message>
        <source>Timings per level</source>
        <translation>상세 수준별 소요 시간</translation>
    </message>
    <message>
        <source>pass</source>
        <extracomment>A smoke-test step&apos;s outcome.</extracomment>
        <translation>통과</translation>
    </message>
    <message>
        <source>fail</source>
        <extracomment>A smoke-test step&apos;s outcome.</extracomment>
        <translation>실패</translation>
    </message>
    <message>
        <source>skipped</source>
        <extracomment>A smoke-test step&apos;s outcome: not run because an earlier step failed.</extracomment>
        <translation>건너뜀</translation>
    </message>
    <message>
        <source>running</source>
        <extracomment>A smoke-test step that is running now.</extracomment>
        <translation>실행 중</translation>
    </message>
</context>
<context>
    <name>SmokeTestDialog</name>
    <message>
        <source>Smoke test of the NPU install</source>
        <translation>NPU 설치 스모크 테스트</translation>
    </message>
    <message>
        <source>The smoke test needs a loaded model and no reply running.</source>
        <translation>스모크 테스트를 하려면 모델을 불러와 있어야 하고 작성 중인 답변이 없어야 합니다.</translation>
    </message>
    <message>
        <source>Save the smoke-test report in</source>
        <translation>스모크 테스트 보고서를 저장할 폴더</translation>
    </message>
    <message>
        <source>Report not saved: %1</source>
        <translation>보고서를 저장하지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Checks the loaded model&apos;s folder on its device: runtime, graphs, their inputs and outputs, the vision tower at every level, generation, repeatability and Stop. The model is unloaded while it runs.</source>
        <translation>불러온 모델의 폴더를 장치에서 검사합니다: 런타임, 그래프와 그 입출력, 모든 상세 수준의 비전 타워, 생성, 반복 재현성, 중지. 검사하는 동안 모델을 내려 둡니다.</translation>
    </message>
    <message>
        <source>Smoke-test steps</source>
        <translation>스모크 테스트 단계</translation>
    </message>
    <message>
        <source>%1 · %L2 ms</source>
        <translation>%1 · %L2 ms</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>All checks passed.</source>
        <translation>모든 검사를 통과했습니다.</translation>
    </message>
    <message>
        <source>Some checks failed: see the steps marked ✘.</source>
        <translation>일부 검사가 실패했습니다. ✘ 표시된 단계를 보세요.</translation>
    </message>
    <message>
        <source>Smoke-test result</source>
        <translation>스모크 테스트 결과</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>중지</translation>
    </message>
    <message>
        <source>Stop the smoke test</source>
        <translation>스모크 테스트 중지</translation>
    </message>
    <message>
        <source>Save report…</source>
        <translation>보고서 저장…</translation>
    </message>
    <message>
        <source>Save the smoke-test report and a screenshot</source>
        <translation>스모크 테스트 보고서와 스크린샷 저장</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>닫기</translation>
    </message>
    <message>
        <source>Close the smoke test</source>
        <translation>스모크 테스트 닫기</translation>
    </message>
    <message>
        <source>Smoke-test report saved: %1 (no screenshot: %2)</source>
        <translation>스모크 테스트 보고서를 저장했습니다: %1 (스크린숏 없음: %2)</translation>
    </message>
    <message>
        <source>Smoke-test report saved: %1 and %2</source>
        <translation>스모크 테스트 보고서를 저장했습니다: %1, %2</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>Loading %1 — %2</source>
        <translation>%1 불러오는 중 — %2</translation>
    </message>
    <message>
        <source>Could not load the model: %1</source>
        <translation>모델을 불러올 수 없습니다: %1</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>불러온 모델 없음</translation>
    </message>
    <message>
        <source>%1 · device %2 · %3 %4 %5 · levels %6 · buckets %7</source>
        <translation>%1 · 장치 %2 · %3 %4 %5 · 상세 수준 %6 · 버킷 %7</translation>
    </message>
    <message>
        <source>built-in simulator</source>
        <translation>내장 시뮬레이터</translation>
    </message>
    <message>
        <source>RBLN runtime</source>
        <translation>RBLN 런타임</translation>
    </message>
    <message>
        <source>Why %1 could not be loaded</source>
        <translation>%1을(를) 불러올 수 없었던 이유</translation>
    </message>
    <message>
        <source>Load problem text</source>
        <translation>불러오기 문제 내용</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>복사</translation>
    </message>
    <message>
        <source>Copy the load problem</source>
        <translation>불러오기 문제 복사</translation>
    </message>
    <message>
        <source>Choose a compiled Gemma 4 model folder</source>
        <translation>컴파일된 Gemma 4 모델 폴더 선택</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Cancel loading</source>
        <translation>불러오기 취소</translation>
    </message>
    <message>
        <source>Export conversation</source>
        <translation>대화 내보내기</translation>
    </message>
    <message>
        <source>Markdown…</source>
        <translation>Markdown…</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Markdown으로 내보내기</translation>
    </message>
    <message>
        <source>JSON…</source>
        <translation>JSON…</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>JSON으로 내보내기</translation>
    </message>
    <message>
        <source>Help menu</source>
        <translation>도움말 메뉴</translation>
    </message>
    <message>
        <source>Run smoke test…</source>
        <translation>스모크 테스트 실행…</translation>
    </message>
    <message>
        <source>Run the smoke test of the NPU install</source>
        <translation>NPU 설치 스모크 테스트 실행</translation>
    </message>
    <message>
        <source>Settings</source>
        <extracomment>Button opening the settings dialog (this conversation, new chats, appearance, images, servers).</extracomment>
        <translation>설정</translation>
    </message>
    <message>
        <source>Model load progress</source>
        <translation>모델 불러오기 진행 상황</translation>
    </message>
    <message>
        <source>Could not load %1: %2</source>
        <translation>%1을(를) 불러올 수 없습니다: %2</translation>
    </message>
    <message>
        <source>Model load problem</source>
        <translation>모델 불러오기 문제</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>자세히…</translation>
    </message>
    <message>
        <source>Show the whole load problem</source>
        <translation>불러오기 문제 전체 보기</translation>
    </message>
    <message>
        <source>Choose another folder…</source>
        <translation>다른 폴더 선택…</translation>
    </message>
    <message>
        <source>Choose another model folder</source>
        <translation>다른 모델 폴더 선택</translation>
    </message>
    <message>
        <source>Dismiss the load problem</source>
        <translation>불러오기 문제 닫기</translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation>문제: %1</translation>
    </message>
    <message>
        <source>Keyboard shortcuts (F1)</source>
        <translation>단축키 (F1)</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>단축키</translation>
    </message>
    <message>
        <source>server default level</source>
        <translation>서버 기본 상세 수준</translation>
    </message>
    <message>
        <source>levels %1</source>
        <translation>수준 %1</translation>
    </message>
    <message>
        <source>server %1 · %2 · not answering: %3</source>
        <translation>서버 %1 · %2 · 응답 없음: %3</translation>
    </message>
    <message>
        <source>server %1 · %2 · %3 ms round trip · %4</source>
        <translation>서버 %1 · %2 · 왕복 %3 ms · %4</translation>
    </message>
    <message>
        <source>Show the conversations (Ctrl+B)</source>
        <translation>대화 목록 보이기 (Ctrl+B)</translation>
    </message>
    <message>
        <source>Hide the conversations (Ctrl+B)</source>
        <translation>대화 목록 숨기기 (Ctrl+B)</translation>
    </message>
    <message>
        <source>Model details</source>
        <translation>모델 세부 정보</translation>
    </message>
    <message>
        <source>About Facet</source>
        <translation>Facet 정보</translation>
    </message>
</context>
<context>
    <name>SweepDialog</name>
    <message>
        <source>Sweep detail levels</source>
        <translation>상세 수준 스윕</translation>
    </message>
    <message>
        <source>Images to sweep</source>
        <translation>스윕할 이미지</translation>
    </message>
    <message>
        <source>A folder of images (searched with its subfolders)</source>
        <translation>이미지 폴더 (하위 폴더까지 찾음)</translation>
    </message>
    <message>
        <source>Where the sweep&apos;s files go</source>
        <translation>스윕 파일을 저장할 곳</translation>
    </message>
    <message>
        <source>Images</source>
        <translation>이미지</translation>
    </message>
    <message>
        <source>No images chosen</source>
        <translation>고른 이미지 없음</translation>
    </message>
    <message>
        <source>Add images…</source>
        <translation>이미지 추가…</translation>
    </message>
    <message>
        <source>Add image files to the sweep</source>
        <translation>스윕에 이미지 파일 추가</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>폴더 추가…</translation>
    </message>
    <message>
        <source>Add a folder of images to the sweep</source>
        <translation>스윕에 이미지 폴더 추가</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>비우기</translation>
    </message>
    <message>
        <source>Remove the chosen images</source>
        <translation>고른 이미지 지우기</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>질문</translation>
    </message>
    <message>
        <source>One question a line, asked about every image</source>
        <translation>한 줄에 질문 하나, 모든 이미지에 묻습니다</translation>
    </message>
    <message>
        <source>Questions, one a line</source>
        <translation>질문, 한 줄에 하나</translation>
    </message>
    <message>
        <source>Levels</source>
        <translation>수준</translation>
    </message>
    <message>
        <source>Sweep detail level %1 (%2)</source>
        <translation>상세 수준 %1(%2) 스윕</translation>
    </message>
    <message>
        <source>Save in</source>
        <translation>저장 위치</translation>
    </message>
    <message>
        <source>Folder for the sweep&apos;s files</source>
        <translation>스윕 파일 폴더</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>선택…</translation>
    </message>
    <message>
        <source>Choose the folder for the sweep&apos;s files</source>
        <translation>스윕 파일을 저장할 폴더 고르기</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>시작</translation>
    </message>
    <message>
        <source>Start the sweep</source>
        <translation>스윕 시작</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>이어서 하기</translation>
    </message>
    <message>
        <source>Go on with the last sweep where it stopped</source>
        <translation>마지막 스윕을 중지한 곳부터 이어서 하기</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>중지</translation>
    </message>
    <message>
        <source>Stop the sweep (the runs that ended are kept)</source>
        <translation>스윕 중지 (끝난 실행은 남습니다)</translation>
    </message>
    <message>
        <source>Open report folder</source>
        <translation>보고서 폴더 열기</translation>
    </message>
    <message>
        <source>Open the folder with report.html</source>
        <translation>report.html이 있는 폴더 열기</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>닫기</translation>
    </message>
    <message>
        <source>Close the sweep window (a running sweep goes on)</source>
        <translation>스윕 창 닫기 (실행 중인 스윕은 계속됩니다)</translation>
    </message>
    <message>
        <source>%1 of %2 runs — %3</source>
        <translation>실행 %2개 중 %1개 — %3</translation>
    </message>
    <message>
        <source>Skipped: %1</source>
        <translation>건너뜀: %1</translation>
    </message>
    <message>
        <source> (ref)</source>
        <translation> (기준)</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>기준</translation>
    </message>
    <message>
        <source>%L1 % agree (%2 of %3)</source>
        <translation>%L1% 일치 (%3개 중 %2개)</translation>
    </message>
    <message>
        <source>nothing compared yet</source>
        <translation>아직 비교한 것 없음</translation>
    </message>
    <message>
        <source>first token %L1 ms</source>
        <translation>첫 토큰 %L1 ms</translation>
    </message>
    <message>
        <source>%L1 image tokens</source>
        <translation>이미지 토큰 %L1</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1개 실패</translation>
    </message>
    <message>
        <source>%1: running…</source>
        <translation>%1: 실행 중…</translation>
    </message>
    <message>
        <source>%1: waiting</source>
        <translation>%1: 기다리는 중</translation>
    </message>
    <message numerus="yes">
        <source>Add %n image(s)</source>
        <translation>
            <numerusform>이미지 %n개 추가</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SwitchModelDialog</name>
    <message>
        <source>Stop the reply and switch?</source>
        <translation>답변을 중지하고 전환할까요?</translation>
    </message>
    <message>
        <source>A reply is being written. The model can be switched once it stops; what it wrote so far stays in the conversation.</source>
        <translation>답변을 작성하는 중입니다. 답변이 중지되어야 모델을 전환할 수 있습니다. 지금까지 작성된 내용은 대화에 남습니다.</translation>
    </message>
    <message>
        <source>Stop and switch</source>
        <translation>중지하고 전환</translation>
    </message>
    <message>
        <source>Stop the reply and switch the model</source>
        <translation>답변을 중지하고 모델 전환</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Keep the reply and the model in use</source>
        <translation>답변과 사용 중인 모델 유지</translation>
    </message>
</context>
<context>
    <name>UserMessage</name>
    <message>
        <source>Your message</source>
        <translation>내 메시지</translation>
    </message>
    <message>
        <source>%1: show what the model sees</source>
        <translation>%1: 모델이 보는 이미지 보기</translation>
    </message>
    <message>
        <source>%1 · %L2 tokens</source>
        <translation>%1 · %L2 토큰</translation>
    </message>
    <message>
        <source>Enter sends the new version, Shift+Enter new line, Esc cancels</source>
        <translation>Enter: 새 버전 보내기, Shift+Enter: 줄 바꿈, Esc: 취소</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>메시지 편집</translation>
    </message>
    <message>
        <source>Edit and resend</source>
        <translation>편집해서 다시 보내기</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>편집 취소</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>보내기</translation>
    </message>
    <message>
        <source>Send the edited message as a new version</source>
        <translation>편집한 메시지를 새 버전으로 보내기</translation>
    </message>
    <message>
        <source>Region of %1</source>
        <translation>%1의 영역</translation>
    </message>
    <message>
        <source>x %1, y %2, %3×%4</source>
        <extracomment>Where a region crop lies in its source image, in pixels: x, y, width × height.</extracomment>
        <translation>x %1, y %2, %3×%4</translation>
    </message>
</context>
<context>
    <name>facet::app::EngineWorker</name>
    <message>
        <source>No model loaded</source>
        <translation>불러온 모델 없음</translation>
    </message>
    <message>
        <source>Connecting</source>
        <translation>연결하는 중</translation>
    </message>
    <message>
        <source>This engine cannot use a server</source>
        <translation>이 엔진은 서버를 사용할 수 없습니다</translation>
    </message>
    <message>
        <source>This engine cannot compare detail levels</source>
        <translation>이 엔진은 상세 수준을 비교할 수 없습니다</translation>
    </message>
</context>
<context>
    <name>facet::app::ModelLoader</name>
    <message>
        <source>Loading cancelled</source>
        <translation>불러오기를 취소했습니다</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>시작하는 중</translation>
    </message>
    <message>
        <source>This build has no built-in demo model</source>
        <translation>이 빌드에는 내장 데모 모델이 없습니다</translation>
    </message>
</context>
<context>
    <name>facet::app::ReplyTypes</name>
    <message>
        <source>finished</source>
        <extracomment>Why a reply ended: the model wrote its end-of-turn token.</extracomment>
        <translation>완료</translation>
    </message>
    <message>
        <source>token limit reached</source>
        <translation>토큰 한도 도달</translation>
    </message>
    <message>
        <source>stopped</source>
        <extracomment>Why a reply ended: the user pressed Stop.</extracomment>
        <translation>중지됨</translation>
    </message>
    <message>
        <source>error</source>
        <extracomment>Why a reply ended: it failed.</extracomment>
        <translation>오류</translation>
    </message>
    <message>
        <source>context full</source>
        <translation>컨텍스트 가득 참</translation>
    </message>
    <message>
        <source>Minimal</source>
        <extracomment>Detail level name: 70 soft tokens per image (the image-token budget).</extracomment>
        <translation>최소</translation>
    </message>
    <message>
        <source>Low</source>
        <extracomment>Detail level name: 140 soft tokens per image.</extracomment>
        <translation>낮음</translation>
    </message>
    <message>
        <source>Standard</source>
        <extracomment>Detail level name: 280 soft tokens per image (the default).</extracomment>
        <translation>표준</translation>
    </message>
    <message>
        <source>High</source>
        <extracomment>Detail level name: 560 soft tokens per image.</extracomment>
        <translation>높음</translation>
    </message>
    <message>
        <source>Maximum</source>
        <extracomment>Detail level name: 1120 soft tokens per image.</extracomment>
        <translation>최대</translation>
    </message>
    <message>
        <source>Waiting for the engine</source>
        <translation>엔진을 기다리는 중</translation>
    </message>
    <message>
        <source>Loading the model</source>
        <translation>모델을 불러오는 중</translation>
    </message>
    <message>
        <source>Encoding image %1/%2 at %3</source>
        <extracomment>Phase under a streaming reply; %3 is a detail level name.</extracomment>
        <translation>이미지 %1/%2을(를) %3 수준으로 인코딩하는 중</translation>
    </message>
    <message>
        <source>Reading prompt</source>
        <extracomment>Phase under a streaming reply: the prompt is being prefilled.</extracomment>
        <translation>프롬프트를 읽는 중</translation>
    </message>
    <message>
        <source>Writing</source>
        <extracomment>Phase under a streaming reply: tokens are being generated.</extracomment>
        <translation>작성 중</translation>
    </message>
    <message>
        <source>repeating, stopped by the guard</source>
        <extracomment>Why a reply ended: the repetition guard (Settings) stopped a reply that kept repeating the same words.</extracomment>
        <translation>반복되어 중지됨(반복 방지)</translation>
    </message>
</context>
<context>
    <name>facet::app::ServerSession</name>
    <message>
        <source>This engine cannot use a server</source>
        <translation>이 엔진은 서버를 사용할 수 없습니다</translation>
    </message>
    <message>
        <source>Connecting</source>
        <translation>연결하는 중</translation>
    </message>
    <message>
        <source>%1 does not accept a detail level per request (it was started without --trust-request-mm-kwargs). Facet now sends none: the server&apos;s default level applies. Regenerate to ask again; restart the server with --trust-request-mm-kwargs to choose levels.</source>
        <translation>%1은(는) 요청마다 상세 수준을 받지 않습니다(--trust-request-mm-kwargs 없이 시작됨). 이제 Facet은 상세 수준을 보내지 않으며 서버의 기본 수준이 적용됩니다. 다시 생성하여 다시 질문하세요. 상세 수준을 고르려면 서버를 --trust-request-mm-kwargs로 다시 시작하세요.</translation>
    </message>
</context>
<context>
    <name>facet::app::SmokeTestRunner</name>
    <message>
        <source>Smoke test: %1</source>
        <translation>스모크 테스트: %1</translation>
    </message>
    <message>
        <source>Smoke test</source>
        <translation>스모크 테스트</translation>
    </message>
</context>
<context>
    <name>facet::gui::StartupModel</name>
    <message>
        <source>Facet ended while loading this folder last time, so it was not loaded again. Choose it again to retry.</source>
        <translation>지난번 이 폴더를 불러오는 중에 Facet이 종료되어 다시 불러오지 않았습니다. 다시 시도하려면 폴더를 다시 선택하세요.</translation>
    </message>
    <message>
        <source>%1
The demo model was loaded instead.</source>
        <translation>%1
대신 데모 모델을 불러왔습니다.</translation>
    </message>
</context>
<context>
    <name>facet::ui::AboutInfo</name>
    <message>
        <source>%1 (built with %2)</source>
        <comment>Qt version at run time</comment>
        <translation>%1 (%2(으)로 빌드됨)</translation>
    </message>
</context>
<context>
    <name>facet::ui::AttachmentModel</name>
    <message>
        <source>%1: only local files can be attached</source>
        <translation>%1: 로컬 파일만 첨부할 수 있습니다</translation>
    </message>
</context>
<context>
    <name>facet::ui::ChatSession</name>
    <message>
        <source>Image question</source>
        <translation>이미지 질문</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>중지하는 중…</translation>
    </message>
    <message>
        <source>Encoding images (started while you typed)</source>
        <translation>이미지 인코딩 중 (입력하는 동안 시작함)</translation>
    </message>
    <message>
        <source>A server takes one detail level per message, and these images are at %1. Give them one level (&quot;Same as the message&quot; on each image&apos;s level) and send again.</source>
        <translation>서버는 메시지 하나에 상세 수준 하나만 받는데, 이 이미지들은 %1입니다. 각 이미지의 수준에서 &quot;메시지와 같게&quot;를 골라 수준을 하나로 맞춘 뒤 다시 보내세요.</translation>
    </message>
    <message>
        <source>A server takes one detail level per request: the earlier images of this conversation (at %1) are sent at %2 this time.</source>
        <translation>서버는 요청마다 상세 수준을 하나만 받습니다: 이 대화의 앞선 이미지(%1)를 이번에는 %2(으)로 보냅니다.</translation>
    </message>
    <message>
        <source>Not sent: %1. Your message and its images are still in the message box.</source>
        <translation>보내지 못했습니다: %1. 메시지와 이미지는 메시지 상자에 그대로 있습니다.</translation>
    </message>
    <message>
        <source>Not sent: another conversation was opened while the images were being copied. Your message and its images are still in the message box.</source>
        <translation>보내지 못했습니다: 이미지를 복사하는 동안 다른 대화를 열었습니다. 메시지와 이미지는 메시지 상자에 그대로 있습니다.</translation>
    </message>
    <message>
        <source>the images could not be copied</source>
        <translation>이미지를 복사하지 못했습니다</translation>
    </message>
</context>
<context>
    <name>facet::ui::CompareSession</name>
    <message>
        <source>No model loaded</source>
        <translation>불러온 모델 없음</translation>
    </message>
    <message>
        <source>Wait for the reply to end (or stop it) first</source>
        <translation>먼저 답변이 끝날 때까지 기다리거나 중지하세요</translation>
    </message>
    <message>
        <source>Attach an image first: detail levels change only how images are seen</source>
        <translation>먼저 이미지를 첨부하세요. 상세 수준은 이미지를 보는 방식만 바꿉니다</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>비교할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>The comparison could not run: %1</source>
        <translation>비교를 실행하지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>중지하는 중…</translation>
    </message>
    <message>
        <source>The comparison was stopped; its answers are kept as versions of the reply.</source>
        <translation>비교를 중지했습니다. 그때까지의 답변은 답변의 버전으로 남습니다.</translation>
    </message>
    <message>
        <source>Sampled on a server: it may ignore the seed (vllm-rbln&apos;s sampler does), so the columns can differ by chance as well as by level.</source>
        <translation>서버에서 샘플링했습니다: 서버가 시드를 무시할 수 있으므로(vllm-rbln의 샘플러가 그렇습니다) 열은 수준뿐 아니라 우연으로도 달라질 수 있습니다.</translation>
    </message>
</context>
<context>
    <name>facet::ui::ConversationLibrary</name>
    <message>
        <source>Could not read a conversation (left untouched): %1</source>
        <translation>대화를 읽을 수 없습니다(손대지 않고 그대로 둠): %1</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>새 대화</translation>
    </message>
    <message>
        <source>Export: type a file name</source>
        <translation>내보내기: 파일 이름을 입력하세요</translation>
    </message>
    <message numerus="yes">
        <source>Exported to %1 (%n image(s) beside it)</source>
        <translation>
            <numerusform>%1(으)로 내보냈습니다 (옆에 이미지 %n개)</numerusform>
        </translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>%1(으)로 내보냈습니다</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>내보내지 못했습니다: %1</translation>
    </message>
</context>
<context>
    <name>facet::ui::ConversationSettings</name>
    <message>
        <source>Seed %1 not taken: %2</source>
        <translation>시드 %1을(를) 받지 않았습니다: %2</translation>
    </message>
</context>
<context>
    <name>facet::ui::ServerConnection</name>
    <message>
        <source>server %1 serves no model</source>
        <translation>서버 %1에 모델이 없습니다</translation>
    </message>
    <message>
        <source>it did not answer before</source>
        <translation>그 전에 응답하지 않았습니다</translation>
    </message>
    <message>
        <source>The key for this server is in the system keyring.</source>
        <translation>이 서버의 키는 시스템 키링에 있습니다.</translation>
    </message>
    <message>
        <source>%1
The server in use when Facet last ended could not be used, so a local model was loaded instead. Server… in the status line to retry.</source>
        <translation>%1
Facet이 마지막으로 끝날 때 쓰던 서버를 쓸 수 없어서 대신 로컬 모델을 불러왔습니다. 다시 시도하려면 상태 줄의 서버…를 누르세요.</translation>
    </message>
    <message>
        <source>The last start of Facet ended while connecting to %1, so it was not connected again. Server… in the status line to retry.</source>
        <translation>지난번 Facet이 %1에 연결하는 중에 끝났으므로 다시 연결하지 않았습니다. 다시 시도하려면 상태 표시줄의 Server…를 누르세요.</translation>
    </message>
    <message>
        <source>No system keyring could be used (%1): a key typed here, or a password in the URL, is kept for this session only and asked for again at the next start (or set FACET_API_KEY).</source>
        <translation>시스템 키링을 쓸 수 없습니다 (%1). 여기에 입력한 키나 URL의 비밀번호는 이번 세션에만 보관하고 다음 시작 때 다시 묻습니다 (또는 FACET_API_KEY를 설정하세요).</translation>
    </message>
    <message>
        <source>A key typed here, and a password in the URL, are kept in the system keyring, never in Facet&apos;s files.</source>
        <translation>여기에 입력한 키와 URL의 비밀번호는 시스템 키링에 보관하며 Facet의 파일에는 절대 쓰지 않습니다.</translation>
    </message>
</context>
<context>
    <name>facet::ui::SmokeReportSaver</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>folder does not exist</source>
        <translation>폴더가 없음</translation>
    </message>
    <message>
        <source>cannot write the screenshot</source>
        <translation>스크린샷을 쓸 수 없음</translation>
    </message>
    <message>
        <source>no window to take a screenshot of</source>
        <translation>스크린숏을 찍을 창이 없음</translation>
    </message>
</context>
<context>
    <name>facet::ui::SweepSession</name>
    <message>
        <source>No model loaded</source>
        <translation>불러온 모델 없음</translation>
    </message>
    <message>
        <source>A sweep is running</source>
        <translation>스윕이 실행 중입니다</translation>
    </message>
    <message>
        <source>Wait for the reply to end (or stop it) first</source>
        <translation>먼저 답변이 끝날 때까지 기다리거나 중지하세요</translation>
    </message>
    <message>
        <source>Choose images or a folder of images</source>
        <translation>이미지나 이미지 폴더를 고르세요</translation>
    </message>
    <message>
        <source>Write a question</source>
        <translation>질문을 쓰세요</translation>
    </message>
    <message>
        <source>Cannot sweep: %1</source>
        <translation>스윕할 수 없습니다: %1</translation>
    </message>
    <message>
        <source>Looking for images…</source>
        <translation>이미지를 찾는 중…</translation>
    </message>
    <message>
        <source>The sweep could not start: %1</source>
        <translation>스윕을 시작하지 못했습니다: %1</translation>
    </message>
    <message>
        <source>No image found to sweep</source>
        <translation>스윕할 이미지를 찾지 못했습니다</translation>
    </message>
    <message>
        <source>Sweeping…</source>
        <translation>스윕하는 중…</translation>
    </message>
    <message>
        <source>The sweep stopped: %1</source>
        <translation>스윕이 중지되었습니다: %1</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>중지하는 중…</translation>
    </message>
    <message>
        <source>Stopped: %1 of %2 runs are kept in %3; Resume goes on from there.</source>
        <translation>중지됨: 실행 %2개 중 %1개가 %3에 남아 있습니다. 이어서 하기를 누르면 거기서부터 계속합니다.</translation>
    </message>
    <message>
        <source>Done: %1 of %2 runs. Writing the report…</source>
        <translation>완료: 실행 %2개 중 %1개. 보고서를 쓰는 중…</translation>
    </message>
    <message>
        <source>The report could not be written: %1</source>
        <translation>보고서를 쓰지 못했습니다: %1</translation>
    </message>
    <message>
        <source>Done: %1 of %2 runs; the report is in %3.</source>
        <translation>완료: 실행 %2개 중 %1개. 보고서는 %3에 있습니다.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Ask questions about images with Gemma 4 on a Rebellions NPU (or the built-in simulated device).</source>
        <translation>Rebellions NPU(또는 내장 시뮬레이션 장치)에서 Gemma 4로 이미지에 대해 질문합니다.</translation>
    </message>
    <message>
        <source>Colour theme: dark, light or system (also FACET_THEME).</source>
        <translation>색 테마: dark, light 또는 system (FACET_THEME으로도 지정).</translation>
    </message>
    <message>
        <source>Check that every QML module the app needs is installed, print them and exit.</source>
        <translation>앱에 필요한 QML 모듈이 모두 설치되어 있는지 확인하고, 목록을 출력한 뒤 종료합니다.</translation>
    </message>
    <message>
        <source>Images to attach.</source>
        <translation>첨부할 이미지.</translation>
    </message>
</context>
</TS>
