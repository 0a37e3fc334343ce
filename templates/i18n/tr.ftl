greeting = Merhaba { $name },
open-game = Oyunu aç
why = Bu e-postayı zarf'ta oynadığınız için alıyorsunuz.
unsubscribe = Bu e-postalardan çık (süre hatırlatmaları gelmeye devam eder)
your-time = Süreniz: { $left } (son an { $deadline })
duration-days = { $days } gün { $hours } sa
duration-hours = { $hours } sa { $minutes } dk
duration-minutes = { $minutes } dk

game_started-subject = Yeni oyun: { $white } – { $black }
game_started-headline = Bir oyun başladı: { $white } (Beyaz), { $black } (Siyah) karşısında.
game_started-dice = Zar taahhüdü ({ $scheme }): { $commitment }
game_started-dice-keep = Bu e-postayı saklayın: maç bittiğinde her atışı onunla denetleyebilirsiniz. Taahhüt, zarların türetildiği gizli değeri ilk atıştan önce sabitler; gizli değer sonunda açıklanır ve herkes her atışı yeniden hesaplayabilir.
game_started-dice-throw = Her atış bu sırdan ve atışa yol açan istekle gönderilen rastgele metinden gelir. İlk atışlar oyuncularındır: başlangıç zarınızı oyunun sayfasında atın.
opponent_moved-subject = { $opponent } { $move } oynadı: hamle sırası sizde
opponent_moved-headline = { $opponent } { $move } oynadı. Hamle sırası sizde.
opponent_moved-offer = { $opponent } ayrıca beraberlik teklif ediyor (=).
opponent_moved-answered-subject = { $opponent } { $move } oynadı: koşullu hamleniz { $reply } ile yanıtlandı
opponent_moved-answered-headline = { $opponent } { $move } oynadı. Koşullu diziniz { $reply } ile yanıt verdi; hamle sırası yeniden { $opponent } oyuncusunda.
turn_passed-subject = { $opponent } { $dice } attı ve oynayamadı: sıra sizde
turn_passed-headline = { $opponent } { $dice } attı; bu zarla oynayacak pulu yoktu. Sıra yine sizde.
opening_die-subject = { $outcome ->
    [tie] { $opponent } sizin gibi { $die } attı: başlangıç zarınızı yeniden atın
    [start] { $opponent } { $die } attı: sizin zarınız büyük, siz başlıyorsunuz
   *[throw] { $opponent } başlangıçta { $die } attı: başlangıç zarınızı atın
}
opening_die-headline = { $outcome ->
    [tie] { $opponent } sizin zarınızla aynı, { $die } attı: başlangıç yeniden atılır. Zarınızı oyunun sayfasında atın; büyük atan başlar.
    [start] { $opponent } { $die } attı, sizin zarınızdan küçük: siz başlıyorsunuz. Zarlarınız oyunun sayfasında.
   *[throw] { $opponent } oyunu açmak için { $die } attı. Kendi zarınızı oyunun sayfasında atın; büyük atan başlar, eşit gelirse yeniden atılır.
}
message-subject = { $opponent } size mesaj gönderdi
message-headline = { $opponent } oyununuzda size mesaj gönderdi.
mail-position = Konum
mail-message = { $opponent } yazıyor: { $message }
mail-receipt = Kayıt makbuzu: olay { $seq }, özet { $hash }
mail-receipt-why = Bu özet, oyunun kaydını o olaya kadar bütünüyle sabitler. Saklayın: oyunun kaydı (olayları ve özetleri) yine ona varmalıdır.
draw_offered-subject = { $opponent } beraberlik teklif ediyor
draw_offered-headline = { $opponent } beraberlik teklif ediyor. Kabul edebilir, reddedebilir ya da hamlenizi yapabilirsiniz.
draw_answered-subject = { $accepted ->
    [yes] { $opponent } beraberlik teklifinizi kabul etti
   *[no] { $opponent } beraberlik teklifinizi reddetti
}
draw_answered-headline = { $accepted ->
    [yes] { $opponent } beraberlik teklifinizi kabul etti: oyun berabere.
   *[no] { $opponent } beraberlik teklifinizi reddetti. Oyun devam ediyor.
}
claim_judged-subject = { $opponent } beraberlik talep etti: { $upheld ->
    [yes] kabul edildi
   *[no] reddedildi
}
claim_judged-headline = { $opponent } { $kind } nedeniyle beraberlik talep etti. { $upheld ->
    [yes] Talep doğru: oyun berabere.
   *[no] Talep yanlış: oyun devam ediyor ve talep beraberlik teklifi sayılıyor.
}
game_over-subject = Oyun bitti: { $white } – { $black } { $result }
game_over-headline = Oyun sona erdi: { $result } ({ $termination }).{ $verdict } PGN ekte.
adjourned-subject = Oyun ertelendi: { $white } – { $black }
adjourned-headline = Oyun ertelendi (ajurne). { $sealer } gizli hamlesini zarfa koyacak; oyun { $resume_at } tarihinde sürecek{ $place }.
envelope_closed-subject = Zarf mühürlendi: { $white } – { $black }
envelope_closed-headline = { $sealer } { $move_number }. hamlesini zarfa koydu ve zarfı kapattı. Taahhüdü saklayın: zarf açılınca herkes hamleyi onunla karşılaştırabilir.
envelope_closed-commitment = Taahhüt: { $commitment }
envelope_opened-subject = Zarf açıldı: { $move }
envelope_opened-headline = Gizli hamle { $move } idi (nonce { $nonce }).
resumption_reminder-subject = Oyun { $resume_at } tarihinde sürüyor
resumption_reminder-headline = Ertelenen oyununuz { $white } – { $black }, { $resume_at } tarihinde sürüyor{ $place }. Geldiğinizde bildirin.
time_low-subject = Süreniz azalıyor: { $white } – { $black }
time_low-headline = Bu hamle için sürenizin çoğunu kullandınız.
day_left-subject = 24 saat kaldı: { $white } – { $black }
day_left-headline = Hamleniz için bir günden az süre kaldı.
opponent_on_leave-subject = { $opponent } izinde
opponent_on_leave-headline = { $opponent }, { $from } ile { $until } arasında izinde. Bu sürede saatler durur.
time_added-subject = Hakem size süre verdi
time_added-headline = Hakem saatinize { $seconds } saniye ekledi: { $reason }
sign_in-subject = zarf giriş bağlantınız
sign_in-headline = Giriş yapmak için bu bağlantıyı 15 dakika içinde açın. Yalnızca bir kez çalışır.
sign_in-ignore = Bu bağlantıyı siz istemediyseniz bu e-postayı dikkate almayın.
digest-subject = { $count } oyunda hamle sırası sizde
digest-headline = Bu oyunlarda hamle sırası sizde, en acil olan önce:
challenge-subject = { $what ->
    [received] { $name } sizi davet ediyor: { $game }
    [declined] { $name } davetinizi reddetti ({ $game })
    [withdrawn] { $name } davetini geri çekti ({ $game })
    [unanswered] Açık davetinizi kimse kabul etmedi ({ $game })
   *[expired] Davetin süresi doldu ({ $game })
}
challenge-headline = { $what ->
    [received] { $name } sizi { $rated ->
        [yes] puanlı
       *[no] puansız
    } bir oyuna davet ediyor: { $game }. Kabul etmek ya da reddetmek için daveti açın.
    [declined] { $name }, { $game } davetinizi reddetti.
    [withdrawn] { $name }, { $game } davetini geri çekti.
    [unanswered] { $game } için açık davetiniz zamanında kabul edilmedi; süresi doldu.
   *[expired] { $name } ile aranızdaki { $game } daveti zamanında yanıtlanmadı; süresi doldu.
}
challenge-message = Mesajı: { $message }
challenge-open = Daveti aç
tournament_pairing-subject = { $tournament }: { $round }. tur eşlemesi
tournament_pairing-headline = { $colour ->
    [bye] { $round }. turda bay geçiyorsunuz.
    [match-white] { $round }. tur, { $board }. eşleşme: { $opponent } ile karşılaşıyorsunuz, ilk oyunda beyaz sizde.
    [match-black] { $round }. tur, { $board }. eşleşme: { $opponent } ile karşılaşıyorsunuz, ilk oyunda siyah sizde.
    [white] { $round }. tur, { $board }. masa: { $opponent } ile beyaz taşlarla oynuyorsunuz.
   *[black] { $round }. tur, { $board }. masa: { $opponent } ile siyah taşlarla oynuyorsunuz.
}
tournament_pairing-starts = Oyunların başlama zamanı: { $starts_at }.
tournament_pairing-place = Yer: { $place }
tournament_pairing-open = Eşlemeleri gör
tournament_standings-subject = { $tournament }: { $round }. tur sonunda sıralama
tournament_standings-headline = { $round }. tur tamamlandı: { $points } puanla { $players } oyuncu arasında { $rank }. sıradasınız.
tournament_standings-open = Sıralamayı gör
tournament_invitation-subject = { $tournament }: oynamaya davet edildiniz
tournament_invitation-headline = { $tournament } turnuvasında oynamaya davet edildiniz.
tournament_invitation-when = { $when }
tournament_invitation-choose = Daveti turnuvanın sayfasında kabul edin ya da geri çevirin. Kabul ettiğinizde kaydınız yapılır ve sonraki turda eşlenirsiniz.
tournament_invitation-open = Daveti gör

termination-checkmate = mat
termination-resignation = terk
termination-stalemate = pat
termination-dead_position = ölü konum
termination-agreement = anlaşma
termination-threefold_repetition = üç kez tekrar
termination-fifty_moves = elli hamle kuralı
termination-fivefold_repetition = beş kez tekrar
termination-seventyfive_moves = yetmiş beş hamle kuralı
termination-no_moves = oynayacak hamle kalmadı
termination-forty_moves = kırk hamle kuralı
termination-sixty_moves = altmış hamle kuralı
termination-one_piece_each = birer taş kaldı
termination-no_progress = taş sürülmedi, taş alınmadı
termination-match_won = maç sayıyla kazanıldı
termination-time_forfeit = süre kaybı
termination-insufficient_material_on_time = süre bitti ama rakip mat edemezdi
termination-sealed_move_invalid = geçersiz gizli hamle
termination-late_for_resumption = devam oturumuna geç kalma
termination-tablebase = oyun sonu tabloları
termination-arbiter_decision = hakem kararı
claim-threefold_repetition = üç kez tekrar
claim-fifty_moves = elli hamle kuralı
claim-forty_moves = kırk hamle kuralı
claim-no_progress = ilerleme yok (taş sürülmedi, taş alınmadı)
game-chess = Satranç
game-checkers = İngiliz daması
game-dama = Dama
game-tavla = Tavla
ballot-three-move = Üç hamle kurası
page-ballot = Açılış: { $deck }, { $number } numara ({ $moves })
page-ballot-by-lot = Kurayla çekilen açılış: { $deck }, { $number } numara ({ $moves })
side-white = Beyaz
side-black = Siyah

# Why a command is refused (the API's error messages).
rejection-no-such-game = Böyle bir oyun yok.
rejection-game-exists = Bu oyun zaten var.
rejection-corrupt-log = Bu oyunun kaydı bozulmuş; sunucu yöneticisinin incelemesi gerekiyor.
rejection-not-a-player = Bu oyunda oyuncu değilsiniz.
rejection-arbiter-only = Bunu yalnızca hakem yapabilir.
rejection-not-your-turn = Hamle sırası sizde değil.
rejection-game-over = Oyun sona erdi.
rejection-illegal-move = { $text } bu konumda kurallara uygun bir hamle değil.
rejection-promotion-missing = { $text }: son sıraya ulaşan piyon terfi etmeli; taşı da yazın (örneğin e8V ya da e8=Q).
rejection-ambiguous-move = { $text } birden fazla hamle olarak okunabiliyor ({ $candidates }); notasyonu belirtin ya da hamleyi açıkça yazın.
rejection-unparseable-move = { $text } bu oyunun okuduğu hiçbir notasyonda bir hamle değil.
rejection-no-draw-offer = Yanıtlayacağınız bir beraberlik teklifi yok.
rejection-claim-not-in-game = Bu oyunun kurallarında böyle bir talep yok.
rejection-not-in-this-game = { $feature ->
    [draw_offers] Zarla oynanan oyunda beraberlik teklifi yoktur.
    [conditional_moves] Zarla oynanan oyunda koşullu hamle yoktur: zarları kimse önceden bilemez.
    [sealed_moves] Zarla oynanan oyun zarflı hamleyle ertelenmez.
    [tablebases] Yalnızca satranç oyun sonu tablolarıyla sonuçlanabilir.
   *[other] Bu oyunda bu yapılamaz.
}
rejection-no-throw-due = Şu anda zar atma sırası sizde değil.
rejection-dice-unavailable = Oyunun zarları okunamadı; daha sonra yeniden deneyin.
rejection-not-in-tablebases = Oyun sonu tabloları bu konumu içermiyor (taş sayısı fazla, rok hakkı var, geçerken alma yapılabilir ya da bu sunucuda tablo yok): talep kaydedilmedi.
rejection-tablebase-claim-refused = { $outcome ->
    [win] Tablolara göre burada kazanıyorsunuz (DTZ { $dtz }): galibiyet talep edin. Hiçbir şey kaydedilmedi.
    [loss] Tablolara göre burada kaybediyorsunuz (DTZ { $dtz }). Hiçbir şey kaydedilmedi.
   *[draw] Tablolara göre burası beraberlik. Hiçbir şey kaydedilmedi.
}
rejection-no-progress-rule-suspended = Oyun sonu tabloları bu konumu içeriyor; bu oyunun kuralına göre elli hamle kuralı uygulanmaz: tablolara göre talep edin.
rejection-draw-offer-pending = { $yours ->
    [yes] Beraberlik teklifiniz zaten geçerli; geri alınamaz ve yinelenemez.
   *[no] Rakibinizin beraberlik teklifi geçerli: kabul edin ya da reddedin.
}
rejection-invalid-fen = FEN kurallara uygun bir konum değil: { $detail }
rejection-invalid-position = Konum, oyunun başlayabileceği bir konum değil: { $detail }
rejection-position-not-playable = Bu konumda oyun zaten bitmiş ({ $ending ->
    [checkmate] mat
    [no-moves] sırası gelen tarafın oynayacak hamlesi yok
    [stalemate] pat
    [dead] ölü konum: kimse mat edemez
    [one-piece-each] birer taş kaldı, beraberlik
    [match-won] maç zaten kazanılmış
   *[seventyfive] piyon sürülmeden ve taş alınmadan her iki tarafça 75 hamle
}).
rejection-invalid-time-control = Geçersiz süre denetimi: { $detail }
rejection-same-player = Bir oyuncu iki tarafı birden oynayamaz.
rejection-invalid-field = Geçersiz alan { $field }: { $detail }
rejection-flag-fallen = Süre doldu: { $side ->
    [white] Beyaz
   *[black] Siyah
} tarafın bayrağı düştü; oyun sona erdi.
rejection-not-yet-due = Henüz bayrak düşmedi.
rejection-not-dead = Konum ölü değil: oyun sürüyor.
rejection-no-clock = Bu oyunun saati yok.
rejection-no-leave = Sona erdirilecek bir izniniz yok.
rejection-invalid-leave = Geçersiz izin: { $detail }
rejection-leave-allowance-exceeded = Yıllık izin hakkı aşılıyor: bu yıl { $left_days } gün izniniz kaldı.
rejection-adjourned = Oyun ertelendi (ajurne): hamleler devam oturumunu bekliyor.
rejection-not-adjourned = Oyun ertelenmiş değil.
rejection-envelope-closed = Zarf kapatıldı: gizli hamle artık değiştirilemez.
rejection-no-envelope = Açık bir zarf yok.
rejection-before-resumption = Devam oturumu henüz başlamadı.
rejection-already-checked-in = Zaten geldiğinizi bildirdiniz.
rejection-envelope-content-missing = Zarf açılamadı.
rejection-clock-correction-too-late = Çok geç: saatler yalnızca devam oturumunun ilk hamlesinden önce düzeltilebilir (A12).
rejection-not-started = Oyun henüz başlamadı; başlama zamanı: { $starts_at }.
page-conditional-title = Koşullu hamleler
page-conditional-explained = Yanıtlarınızı önceden hazırlayın: rakibiniz dizilerinizden birinin öngördüğü hamleyi oynarsa yanıtınız hemen oynanır. Dizilerinizi yalnızca siz görürsünüz.
page-conditional-none = Bu oyunda koşullu hamleniz yok.
page-conditional-held = Şimdiki konumdan dizileriniz:
page-conditional-label = Dizileriniz
page-conditional-hint = Her satıra bir dizi; hamleleri boşlukla ayırın ve şimdi oynanacak hamleyle başlayın: ör. Af3 Ac6 Fb5 a6 (Af3 gelirse Ac6; ardından Fb5 gelirse a6). Her notasyon kabul edilir.
page-conditional-build = Tahtada oluştur
page-conditional-new-line = Yeni dizi
page-conditional-save = Dizileri kaydet
page-conditional-withdraw = Dizileri geri çek
page-conditional-dropped = Son dizileriniz düşürüldü: { $why }
page-conditional-dropped-no-match = rakibiniz hiçbirinin öngörmediği bir hamle oynadı.
page-conditional-dropped-exhausted = sonuna kadar oynandılar.
page-conditional-dropped-draw-offer = rakibiniz beraberlik teklif etti; yanıtı sizin vermeniz gerekir.
page-conditional-dropped-claim = beraberlik talep edildi.
page-conditional-dropped-adjournment = oyun ertelendi.
page-conditional-dropped-reply-illegal = yanıt artık kurallara uygun bir hamle değildi.
rejection-invalid-conditional-moves = Koşullu hamleleriniz kaydedilmedi: { $detail }
rejection-no-conditional-moves = Koşullu hamleniz yok.
rejection-conditional-moves-unavailable = Koşullu hamleler okunamadı.

# Koşullu hamle dizilerindeki hata (reddin ayrıntısı).
lines-none = hiç dizi yok (onun yerine geri çekin).
lines-too-many = en fazla { $max } dizi.
lines-empty = { $line }. dizi boş.
lines-too-long = { $line }. dizi { $max } hamleden uzun.
lines-no-reply = { $line }. dizi rakibinizin hamlesiyle bitiyor; yanıtınızı ekleyin.
lines-move-unparseable = { $line }. dizinin { $ply }. hamlesi bir hamle değil.
lines-move-illegal = { $line }. dizinin { $ply }. hamlesi orada kurallara uygun değil.
lines-move-promotion-missing = { $line }. dizi, { $ply }. hamle: piyonun hangi taşa terfi edeceğini yazın.
lines-move-ambiguous = { $line }. dizinin { $ply }. hamlesi birden fazla hamle olarak okunabiliyor ({ $candidates }).
lines-contradict = { $line }. dizi { $ply }. hamleyi { $other }. diziden farklı yanıtlıyor.

# The API's other error messages.
error-challenge-not-a-player = Yalnızca bir oyuncu davet eder ya da bir daveti yanıtlar.
error-challenge-yourself = Kendi davetinizi oynayamazsınız.
error-challenge-not-taken = Bu oyuncu sizden davet kabul etmiyor.
error-challenge-too-many-games = { $name } seçtiği kadar oyunu zaten oynuyor.
error-challenge-too-many-open = { $max } açık davetiniz var; önce birini geri çekin.
denied-settings-own-pupil = Bunu bir öğrenci için yalnızca onu ekleyen düzenleyici seçer.
denied-code-own-pupil = Giriş kodu yalnızca kendi öğrenciniz için yapılır.
denied-code-role = Bir düzenleyicinin ya da yöneticinin hesabı için giriş kodu yapılmaz.
denied-make-account = Oyuncuları yalnızca yönetici ya da bir düzenleyici ekler.
denied-grant-role = Düzenleyici ve yönetici rollerini yalnızca yönetici verir.
denied-own-roles = Yönetici kendi rollerini burada değiştirmez.
denied-manage-roles = Hesaplara yalnızca yönetici bakar ve rollerini değiştirir.
denied-game-challenge = Rakibiniz sizden davet kabul etmiyor: bunun yerine bir davet gönderin.
denied-game-no-room = Rakibiniz seçtiği kadar oyunu zaten aynı anda oynuyor.
denied-game-organiser = Bir düzenleyici yalnızca kendi oyuncuları ya da turnuvasının katılımcıları arasında oyun yapar.
denied-game-rated = Kendi öğrenciniz olmayan turnuva katılımcıları arasındaki bir oyun puanlı olmaz.
denied-entrant = Bir oyuncuyu kendi düzenleyicisi kaydeder ya da oyuncu katılmak istediğini bildirdikten sonra kaydedilir.
error-challenge-not-yours = Bu daveti yanıtlamak size düşmüyor.
error-challenge-closed = { $status ->
    [accepted] Bu davet kabul edildi.
    [declined] Bu davet reddedildi.
    [withdrawn] Bu davet geri çekildi.
   *[expired] Bu davetin süresi doldu.
}
error-challenge-message = Davet mesajı en çok { $max } karakterdir.
error-challenge-preferences = Davetler herkesten, oynadığınız oyunculardan, okulunuzdan gelir ya da hiç gelmez; oyun sınırı 1 ile { $max } arasındadır.
error-challenge-unconfirmed = Önce e-posta adresinizi doğrulayın: adresinize gönderilen giriş bağlantısını açın.
error-challenge-days = Bir davet 1 ile { $max } gün arasında bekler.
error-not-found = Bulunamadı.
error-version-conflict = Oyun bu arada değişti; hiçbir şey kaydedilmedi. Yenileyip yeniden deneyin.

# What is wrong with a field or a leave (the detail of an invalid-field or invalid-leave refusal).
field-too-long = en fazla { $max } karakter
field-control-characters = denetim karakterlerine izin verilmez
field-name-missing = bir ad gerekli
field-reason-missing = hakem kararı bir gerekçe ister
field-at-most = en fazla { $max }
field-resumption-out-of-range = devam zamanı gelecekte ve en fazla { $days } gün sonra olmalı
field-nonce = 16 ile 64 arası küçük harfli onaltılık rakam
field-one-message = bir hamle, teklif ya da terk ile tek mesaj gönderilir
messages-off = Bu oyunun düzenleyicisi mesajları kapattı.
field-seconds-out-of-range = 1 saniye ile { $days } gün arası
field-seconds-over-days = en fazla { $days } gün
field-unknown = bu oyunun tanıdığı bir değer değil
field-between = { $min } ile { $max } arasında
field-not-with-set-up = kurulmuş bir konumla verilemez
field-empty = boş
leave-in-past = izin geçmişte başlayamaz
leave-too-far-ahead = izin en fazla { $days } gün sonra başlayabilir
leave-ends-before-start = izin başladıktan sonra bitmeli
leave-already-taken = zaten bir izin alınmış; önce onu sona erdirin

# The home page.
index-tagline = Yazışmalı satranç, ertelenen oyunlar ve gizli hamle zarfları.
index-about = zarf, haftalarca süren yazışmalı satranç oyunları, gizli hamleyle ertelenen turnuva oyunları ve okul turnuvaları için açık kaynaklı bir sunucudur. Her oyun, FIDE Satranç Kurallarına göre değerlendirilen bir olay kaydıdır.
index-openapi = API belgesi (OpenAPI)
index-example = Örnek kullanım

# Sign-in and unsubscribe pages
login-title = Giriş yap
login-email = E-posta adresi
login-send-link = Bana giriş bağlantısı gönder
login-code = Giriş kodu
login-with-code = Kodla giriş yap
login-sent-title = E-postanızı kontrol edin
login-sent = Bu adres bir oyuncuya aitse giriş bağlantısı yolda. Bir kez ve 15 dakika boyunca geçerlidir.
login-refused-title = Bu bağlantı geçersiz
login-refused = Daha önce kullanılmış ya da 15 dakikadan eski.
login-ask-again = Yenisini isteyin.
login-card-where = /login adresinden giriş yapın. Kod yalnızca bir kez geçerlidir.
login-link-title = Giriş yap
login-link-as = Bu bağlantı sizi { $name } olarak giriş yaptırır.
login-link-confirm = Giriş yap
login-link-not-you = Siz değil misiniz? Bu sayfayı kapatın: düğmeye basılmadıkça hiçbir şey olmaz.
unsubscribe-title = Abonelikten çık
unsubscribe-question = Oyun e-postaları durdurulsun mu? Süre hatırlatmaları gelmeye devam eder; hiçbir oyun habersizce süreden kaybedilmez.
unsubscribe-button = Abonelikten çık
unsubscribed-title = Abonelikten çıkıldı
unsubscribed = Bundan sonra yalnızca süre hatırlatmaları gelecek.

# The game page
page-game-active = Oynanıyor
page-game-adjourned = Ertelendi
page-game-finished = Bitti
page-white-to-move = Sıra Beyazda
page-black-to-move = Sıra Siyahta

# The printed sealed-move envelope (each label also shown in the other language)
sealed-page-title = Gizli hamle zarfı
sealed-page-fen = Gizli hamleden önceki konum (FEN)
sealed-page-white-used = Beyazın kullandığı süre
sealed-page-black-used = Siyahın kullandığı süre
sealed-page-sealed-by = Hamleyi zarflayan
sealed-page-move-number = Gizli hamlenin numarası
sealed-page-draw-offer = Beraberlik teklifi
sealed-page-offered-by = teklif eden: { $side }
sealed-page-no-offer = yok
sealed-page-resumption = Devam zamanı ve yeri
sealed-page-commitment = Taahhüt (SHA-256)
sealed-page-move = Gizli hamle
sealed-page-opened = açıldı; nonce
sealed-page-game = Oyun
sealed-page-check = Zarf açıldıktan sonra herkes hamleyi taahhüde karşı doğrulayabilir:

# Why a time control cannot be used (the detail of rejection-invalid-time-control)
time-control-no-time-per-move = hamle başına süre sıfırdan büyük olmalı
time-control-too-much-time = { $field } çok büyük (en fazla 400 gün)
time-control-no-periods = en az bir dönem gerekir
time-control-too-many-periods = dönem sayısı çok fazla (en fazla { $max })
time-control-no-moves = bir dönem en az bir hamle içermeli
time-control-too-many-moves = bir dönemde çok fazla hamle var (en fazla { $max })
time-control-sudden-death-not-last = yalnızca son dönem ani ölüm olabilir
time-control-no-time = süresi olmayan bir dönem için ek süre ya da gecikme gerekir

# Why a FEN is no position a game can start from (the detail of rejection-invalid-fen)
fen-too-long = metin bir FEN için çok uzun (en fazla 128 karakter)
fen-not-fen = bu bir FEN değil (tahta, hamle sırası, rok, geçerken alma karesi, yarım hamle sayacı, hamle numarası; boşlukla ayrılmış)
fen-board = tahta alanı geçersiz (8. sıradan başlayarak / ile ayrılmış sekiz sıra; taşlar KQRBNP kqrbnp, boş kareler rakamla)
fen-turn = hamle sırası w ya da b olmalı
fen-castling-field = rok alanı geçersiz (KQkq, bunların bazıları ya da -)
fen-ep-field = geçerken alma alanı bir kare ya da - olmalı
fen-clocks = yarım hamle sayacı ve hamle numarası tam sayı olmalı
fen-empty-board = tahta boş
fen-missing-king = bir şah eksik
fen-too-many-kings = bir tarafın birden fazla şahı var
fen-pawns-on-back-rank = birinci ya da sekizinci sırada piyon var
fen-castling-rights = bir rok hakkı şahın ve kalelerin yeriyle uyuşmuyor
fen-ep-square = geçerken alma karesi bir piyonun iki kare ilerlemesinin ardından gelmiyor
fen-opposite-check = hamle sırası kendisinde olmayan taraf şah altında
fen-impossible = hiçbir oyun bu konuma ulaşamaz (olanaksız bir şah ya da fazla taş)
position-too-long = metin bir konum için fazla uzun (en fazla 200 karakter)
position-turn = konum sırası gelen tarafla, W ya da B ve iki noktayla başlamalı (B:W21,22:B1,2)
position-pieces = sıradan sonra Beyazın ve Siyahın taşları gelir, her biri bir kez (W21,K30 ve B1,2)
position-square = bir kare 1 ile 32 arasında bir sayı (ya da 21-32 gibi bir aralık) değil
position-square-twice = bir kare iki kez yazılmış
position-man-on-crowning-row = bir taş dama olacağı sırada duruyor
position-too-many-pieces = bir tarafın on ikiden fazla taşı var
dama-position-unreadable = konum W ya da B (sırası gelen taraf), sonra :W ve Beyazın kareleri, sonra :B ve Siyahın kareleriyle yazılır, damalar K ile (W:Wa2,b2,Kd5:Ba6,b6)
dama-position-square-twice = bir kare iki kez yazılmış
dama-position-too-many = bir tarafın on altıdan fazla taşı var
dama-position-man-on-last-rank = bir taş dama olacağı sırada duruyor
tavla-not-a-position = konum GNU Backgammon'un konum ve maç kimliği olmalı, 4HPwATDgc/ABMA:cAkAAAAAAAAE (yalnız konum kimliği: sıradaki oyuncunun zar atacağı yeni oyun)

# The board on the game page
page-resign-match = Maçı terk et
page-tavla-dice-left = Kalan zarlar:
page-tavla-undo = Son hamleyi geri al
page-tavla-doubled = Rakibiniz katladı: katlama zarı { $cube } olur. Alın ya da bırakıp bu oyunu kaybedin.
page-tavla-resigning = Rakibiniz bu oyundan çekilmeyi öneriyor: size { $points } sayı kazandırır. Kabul edin ya da reddedip oynamaya devam edin.
page-tavla-double = Katla
page-tavla-take = Al
page-tavla-drop = Bırak (oyunu kaybet)
page-tavla-accept = Çekilmeyi kabul et
page-tavla-decline = Çekilmeyi reddet
page-tavla-resign-single = Oyundan çekil (tek)
page-tavla-resign-mars = Oyundan çekil (mars)
page-tavla-resign-gammon = Oyundan çekil (gammon)
page-tavla-resign-backgammon = Oyundan çekil (backgammon)
page-tavla-throw = Zar at
page-tavla-decisions = Kararlar
page-tavla-match = { $length } sayılık maç: { $white } { $white_score }, { $black } { $black_score }
page-dice-opening = Başlangıç: her oyuncu bir zar atar, sıra fark etmez; büyük atan başlar, eşit gelirse yeniden atılır.
page-dice-opening-half = { $thrower } başlangıç zarında { $face } attı; { $other } oyuncusunun zarı bekleniyor.
page-dice-throw-opening = Başlangıç zarını at
page-dice-by-service = sunucu
page-dice-drawn = sunucu çekti
page-dice-log-title = Zarlar ve nereden geldikleri
page-dice-log-explained = Her atış, maçtan önce sabitlenen bir sırdan (taahhüdü kayıtta ve e-postanızda) ve atışa yol açan istekle tarayıcınızın gönderdiği rastgele bir metinden türetilir. Sır maç bitince gösterilir; herkes her atışı o zaman denetleyebilir.
page-dice-log-none = Henüz zar atılmadı.
page-dice-log-number = Atış
page-dice-log-faces = Zar
page-dice-log-by = Gönderen
page-dice-log-entropy = Metin
page-tavla-entropy-title = Zarlar için kendi metniniz
page-tavla-entropy-explained = Her zar, maçtan önce sabitlenen bir sırdan ve iki oyuncunun metinlerinden gelir; sır maç bitince gösterilir, böylece herkes her zarı denetleyebilir. Yeni bir metniniz ondan sonraki her zarda sayılır.
page-tavla-entropy-label = Herhangi bir metin (tek satır)
page-tavla-entropy-save = Bu metni kullan
page-tavla-white-below = Tavla tahtası, beyazın evi sağ altta
page-tavla-black-below = Tavla tahtası, siyahın evi sağ altta
page-tavla-description = Beyaz pullar (sayı×kapı): { $white }. Siyah pullar: { $black }. { $length } sayılık maç: beyaz { $white_score }, siyah { $black_score }.
page-your-move-label-tavla = Oyununuz (kendi tarafınızdan kapı numaralarıyla: 24/18 13/11, kırık pul bar/22, toplamak 6/off, kırarak 13/9*) ya da katla, al, bırak, çekil tek, kabul, ret; ya da pula ve gideceği kapıya tıklayın
page-board-white-below = Tahta, beyazlar altta
page-board-black-below = Tahta, siyahlar altta
page-board-pieces = Beyaz: { $white }. Siyah: { $black }.

# A form posted without its token (another site's page, or a page kept open too long)
csrf-refused-title = Bu form gönderilemiyor
csrf-refused = Form bu sayfanın şimdiki hâlinden gelmedi. Geri dönün, sayfayı yenileyin ve yeniden gönderin.
form-refused-title = Bu form okunamıyor
form-refused = Formun bir alanı eksik ya da olması gerektiği gibi değil (sayı istenen yerde sayı yok). Hiçbir şey değişmedi. Geri dönün, formu gözden geçirin ve yeniden gönderin.
form-refused-too-large = Form gönderilemeyecek kadar büyük. Hiçbir şey değişmedi. Geri dönün ve bir seferde daha azını gönderin.
error-name = Ad, tek satırda 1 ile { $max } karakter arasıdır.
error-group = Okul ya da sınıf adı tek satırda en çok 100 karakterdir.
error-email = “{ $email }” bir e-posta adresi değil.
error-email-taken = Verilen bir e-posta adresi zaten bir oyuncunun; hiçbir şey eklenmedi.
error-days-per-move = Hamle başına gün: 1 ile 60 arası.
error-settings-range = Posta biçimi, özet saati ya da saat dilimi formun sunduklarından biri değil.
page-signed-in-as = { $name } olarak giriş yapıldı
page-sign-out = Çıkış yap
page-sign-in = Giriş yap
page-my-games = Oyunlarım
page-your-move = Sıra sizde
page-waiting = Rakip bekleniyor
page-finished-games = Bitenler
page-none = Yok.
page-last-move = Son hamle
page-clocks = Beyaz { $white }, Siyah { $black }
page-deadline = son an { $at }
index-sign-in = Size e-postayla gönderdiğimiz bağlantıyla ya da öğretmeninizin verdiği kodla giriş yapın.
index-operator-title = Bu sunucuyu siz mi çalıştırıyorsunuz?
index-operator = Sunucuda şunu çalıştırın: zarf admin add-organiser --email ADRES (ya da add-admin). Bu adres için bir gün geçerli bir giriş bağlantısı yazar; düzenleyiciler oyuncu ve oyun oluşturur, yönetici de Yönetim sayfasında düzenleyici atar.
page-your-move-label = Hamleniz (her notasyon: e4, Af3, Nf3, e2e4, 5254)
page-your-move-label-checkers = Hamleniz (kare numaralarıyla: 11-15, alma 22x15x6) ya da taşa ve indiği her kareye tıklayın
page-your-move-label-dama = Hamleniz (kareler: d3-d4, alma her indiği kareyle b3xd3xd5) ya da taşa ve indiği her kareye tıklayın
page-offer-draw-with-move = Bu hamleyle beraberlik teklif et (=)
page-messages = Mesajlar
page-text-no-messages = Henüz mesaj yok.
page-receipt = Kayıt makbuzu: olay { $seq }, özet { $hash }
page-receipt-why = Kaydın son olayının özeti, kaydı ona kadar bütünüyle sabitler; bu oyunla ilgili e-postalar da onu bildirir. Kaydı sonra denetlemek için onları saklayın.
page-dice-commitment = Zar taahhüdü ({ $scheme }): { $commitment }
page-dice-commitment-why = İlk atıştan önce kaydedildi: maç bittiğinde gizli değer açıklanır ve her atış ondan yeniden hesaplanabilir.
page-message-by = { $name }, { $when }
page-message-with-move = Rakibinize mesaj (isteğe bağlı)
page-message-alone = Rakibinize yazın
page-message-label = Mesaj
page-message-send = Gönder
page-message-invalid = Bir mesaj kontrol karakteri içermeden 1 ile { $max } karakter arasındadır.
page-play = Oyna
page-offer-draw = Beraberlik teklif et
page-draw-offered = Rakibiniz beraberlik teklif ediyor (=).
page-draw-offer-yours = Beraberlik teklifiniz, rakibiniz yanıtlayana ya da hamle yapana dek geçerli.
page-accept-draw = Beraberliği kabul et
page-decline-draw = Reddet
page-resign = Terk et
page-resign-sure = Bu oyunu terk etmek istiyor musunuz? Rakibiniz kazanır; geri alınamaz.
page-resign-yes = Evet, terk et
page-cancel = Vazgeç
page-claim-title = Beraberlik talep et (9.2, 9.3)
page-claim-title-checkers = Beraberlik talep et
page-claim-title-dama = Beraberlik talep et
page-claim-title-tablebase = Talep et (9.2, 9.3 ya da oyun sonu tablolarıyla)
page-claim-intended = Konum bu hamleden sonra oluşacaksa yapmak istediğiniz hamle (şimdiki konum için boş bırakın)
page-claim-threefold = Üç kez tekrar nedeniyle talep et
page-claim-fifty_moves = Elli hamle kuralıyla talep et
page-claim-tablebase_win = Oyun sonu tablolarıyla galibiyet talep et
page-claim-tablebase_draw = Oyun sonu tablolarıyla beraberlik talep et
page-tablebase-rule = { $rule ->
    [claim] Oyun sonu tabloları: sırası gelen oyuncu tabloların verdiği galibiyeti ya da beraberliği talep edebilir
   *[automatic] Oyun sonu tabloları: bir hamle tablolardaki bir konuma ulaşınca oyun tabloların sonucuyla biter
}
page-tablebase-verdict = Oyun sonu tabloları: hamle sırası { $side ->
    [white] Beyaz'da
   *[black] Siyah'ta
}, { $wdl ->
    [win] galibiyet
    [cursed_win] ancak elli hamle kuralının ötesinde galibiyet (burada o kural uygulanmaz)
    [draw] beraberlik
    [blessed_loss] ancak elli hamle kuralının ötesinde yenilgi (burada o kural uygulanmaz)
   *[loss] yenilgi
} (DTZ { $dtz }, { $pieces } taş){ $claimed ->
    [white] , Beyaz'ın talebiyle
    [black] , Siyah'ın talebiyle
   *[none] , oyunun kuralıyla
}.
page-claim-forty_moves = Kırk hamle kuralıyla talep et
page-claim-no_progress = Talep et: taş sürülmedi, taş alınmadı
page-settings = Ayarlar
page-settings-saved = Kaydedildi.
page-settings-name = Ad
page-settings-language = Dil
page-settings-notation = Hamle yazımı
page-settings-notation-page = sayfanın dili
notation-san = İngilizce harfler (Nf3)
notation-san-tr = Türkçe harfler (Af3)
notation-san-de = Almanca harfler (Sf3)
notation-san-fr = Fransızca harfler (Cf3)
notation-uci = UCI (g1f3)
notation-iccf = ICCF sayısal (7163)
notation-pdn = PDN sayıları (İngiliz daması: 11-15)
notation-dama = Kareler (dama: d3-d4, b3xd3xd5)
notation-points = Haneler (tavla: 24/18 13/11, bar/22, 6/off, 13/9*)
notation-spoken-de = Sözlü, Kurallar'ın Almanca sözcükleriyle (Springer Felix drei)
notation-spoken-tr = Sözlü, Türkçe (At f üç)
notation-spoken-en = Sözlü, İngilizce (Knight f three)
page-settings-without-sight = Görmeden oynuyorum
page-settings-without-sight-hint = Oyun sayfaları metin olarak okunur: konum sözcüklerle, hamleler liste olarak, rakibin yanıtı duyurulur. Hamleler sözcüklerle yazılır (yukarıda seçtiğiniz sözlü yazımla, yoksa dilinizde); postalar konumu anlatır. Hamleleri yine her yazımla yazabilirsiniz.
page-settings-time-zone = Saat dilimi
page-settings-zones-named = Yere göre (yaz saati uygulanır)
page-settings-zones-fixed = UTC'ye göre sabit fark
page-settings-mail = E-posta
page-settings-email = Gönderilen adres
page-settings-no-email = E-posta adresi yok: düzenleyicinizin verdiği kodla giriş yaparsınız.
page-settings-mail-every-event = Her hamle ve teklif için bir e-posta
page-settings-mail-digest = Hamle sırasının sizde olduğu oyunlarla günde bir e-posta
page-settings-mail-reminders-only = Yalnızca süreniz azalınca hatırlatma
page-settings-digest-hour = Günlük e-postanın saati
page-settings-data = Verileriniz
page-settings-data-explained = zarf'ın sizinle ilgili tuttuğu her şey, saklayabileceğiniz tek bir dosyada: hesabınız, puanlarınız, oyunlarınız, turnuvalarınız, meydan okumalarınız ve size gönderilen e-postalar.
page-settings-data-download = Verilerimi indir (JSON)
page-settings-save = Kaydet
page-leave = İzin
page-leave-explained = İzin, saatli tüm oyunlarınızın saatlerini tam günler için, her oyunun yıllık izin hakkı içinde durdurur.
page-leave-left = Bu yıl kalan izin günü: { $days }
page-leave-no-clock = Saatli oyununuz yok.
page-leave-on = İzin: { $from } – { $until }.
page-leave-from = İlk gün
page-leave-days = Gün
page-leave-take = İzin al
page-leave-end = İzni şimdi bitir
page-leave-bad-date = İlk günü tarih olarak yazın, örneğin 2026-12-24.
page-leave-bad-days = İzin 1 ile 366 gün arasıdır.
page-adjourned-resumes = Devam: { $at }.
page-adjourned-resumes-at = Devam: { $at } · Yer: { $place }.
page-envelope-sealer = Hamleyi zarfa koyacak
page-envelope-state = Zarf
page-envelope-empty = henüz hamle konmadı
page-envelope-open = hamle kondu; zarf kapatılmadı
page-envelope-closed = kapalı
page-envelope-opened = açıldı
page-envelope-your-move = Zarftaki hamleniz; zarf açılana dek yalnızca siz görürsünüz:
page-envelope-seal-label = Zarfa konacak hamleniz (her yazımla; zarf açılınca değerlendirilir)
page-envelope-change = Zarftaki hamlenizi değiştirin
page-envelope-seal = Zarfa koy
page-envelope-close-explained = Zarfı kapatmak saatinizi durdurur; hamle artık değişmez.
page-envelope-close = Zarfı kapat
page-check-in = Devam için buradayım
page-envelope-print = Zarfı yazdır
page-arbiter = Hakem
page-arbiter-adjourn = Oyunu ertele
page-arbiter-resume-at = Devam zamanı (sizin saat diliminiz)
page-arbiter-place = Yer (isteğe bağlı)
page-arbiter-give-time = Süre ver
page-arbiter-side = Kime
page-arbiter-minutes = Dakika
page-arbiter-reason = Gerekçe
page-arbiter-decide = Sonuca karar ver
page-arbiter-result = Sonuç
page-arbiter-bad-time = Devam zamanını tarih ve saat olarak yazın.
page-arbiter-bad-side = Beyaz ya da Siyah seçin.
page-arbiter-bad-minutes = 1 ile 43.200 dakika arası yazın.
page-arbiter-bad-result = 1-0, 0-1 ya da ½-½ seçin.
page-changed = Oyun değişti.
page-changed-show = Göster
page-my-games-changed = Oyunlarınız değişti.
page-promote = Terfi
piece-queen = Vezir
piece-rook = Kale
piece-bishop = Fil
piece-knight = At
page-since-nothing = Son ziyaretinizden beri yeni bir şey yok.
page-since-moves = Son ziyaretinizden beri { $count } hamle: { $moves }.
page-since-draw = Beraberlik öneriliyor.
page-since-over = Oyun bitti: { $result }.
page-since-other = Son ziyaretinizden beri bir şey değişti, ama hamle yapılmadı.
page-text-last-move-by = Son hamle, { $side }:
page-text-last-move = Son hamle, { $side }: { $move }.
page-text-before = Ondan önce, { $side }: { $move }.
page-text-no-moves = Henüz hamle yapılmadı.
page-text-legal = { $count } yasal hamle: { $moves }.
page-text-legal-more = Ve { $more } tane daha.
page-text-no-legal = Yasal hamle yok: oyun şu anda hamle beklemiyor.
page-text-no-clock = Bu oyunun saati yok.
page-text-no-files = Bu oyunun kareleri hat ve sırayla adlandırılmaz: taşları sorun.
page-text-empty = Boş: { $squares }.
page-text-help = Hamlenizi sözcüklerle (At f üç) ya da herhangi bir yazımla yazın, ya da sorun: son hamle, taşlar, e hattı, 4. sıra, yasal hamleler, süre, yardım.
page-text-unknown = Anlaşılmadı: “{ $text }”. Neler sorabileceğinizi duymak için yardım yazın.
page-text-answer = “{ $question }” sorusunun yanıtı
page-text-ask = Sor
page-text-ask-label = Bir soru (son hamle, taşlar, e hattı, 4. sıra, yasal hamleler, süre)
page-text-move-label = Hamleniz, sözcüklerle ya da herhangi bir yazımla, ya da bir soru
page-text-position = Konum
page-text-table = Tahta, tablo olarak
page-text-moves = Hamleler
page-text-actions = Beraberlik ve terk
page-text-more = Geri kalan her şey (talepler, koşullu hamleler, mesajlar) tahta sayfasında
page-text-to-board = Tahta sayfasını göster
page-text-to-text = Görmeden oynama sayfası (metin)
piece-king = Şah
piece-pawn = Piyon
piece-man = Taş
piece-crowned = Dama
page-organise = Düzenle
page-challenges = Davetler
page-challenge = Davet
page-challenge-clock = { $kind ->
    [none] saatsiz
    [days] hamle başına { $n } gün
    [hours] hamle başına { $n } saat
   *[periods] dönemlerle
}
page-challenge-rated = puanlı
page-challenge-unrated = puansız
page-challenge-open-by = { $name } (herkese açık)
page-challenge-link-by = { $name } (bağlantıyla)
page-challenge-no-opponent = Davet ettiğiniz oyuncunun adını yazın.
page-challenge-unknown-opponent = Bu ad ya da adresle davet edebileceğiniz bir oyuncu yok.
page-challenge-several-opponents = Bu adda birden çok oyuncu var; e-posta adresini yazın.
page-challenge-game = Oyun
page-challenge-time = Süre
page-challenge-your-colour = Renginiz
page-challenge-colour-white = Beyaz
page-challenge-colour-black = Siyah
page-challenge-colour-random = Kurayla
page-challenge-rating = Puan
page-challenge-expires = Son geçerlilik
page-challenge-to = { $name } için davetiniz
page-challenge-yours = Davetiniz
page-challenge-from = { $name } sizi davet ediyor
page-challenge-status = { $status ->
    [open] Yanıt bekleniyor.
    [accepted] Kabul edildi: oyun başladı.
    [declined] Reddedildi.
    [withdrawn] Geri çekildi.
   *[expired] Süresi doldu: zamanında yanıtlanmadı.
}
page-challenge-accept = Kabul et ve oyna
page-challenge-decline = Reddet
page-challenge-withdraw = Geri çek
page-challenge-share = Bu bağlantıyı paylaşın:
page-challenge-to-game = Oyuna git
page-challenge-message = Mesaj
page-challenges-to-me = Size gelenler
page-challenges-mine = Sizinkiler, yanıt bekleyen
page-challenges-lobby = Açık davetler
page-challenges-new = Yeni davet
page-challenges-who = Kime
page-challenges-who-player = Bir oyuncuya
page-challenges-who-open = Herkese (aşağıda listelenir)
page-challenges-who-link = Bağlantıya sahip olana
page-challenges-opponent = Oyuncunun adı ya da e-posta adresi
page-challenges-days = Hamle başına gün (boş: saatsiz)
page-challenges-days-filter = Hamle başına gün
page-challenges-colour = Renginiz
page-challenges-rated = Puanlı oyun
page-challenges-message = Mesaj (isteğe bağlı)
page-challenges-send = Davet et
page-challenges-filter = Göster
page-challenges-any-game = Her oyun
page-settings-challenges-from = Davetleri kimden kabul edeyim
page-settings-challenges-anyone = herkesten
page-settings-challenges-played = oynadığım oyunculardan
page-settings-challenges-school = okulumdan
page-settings-challenges-nobody = hiç kimseden
page-settings-max-games = Aynı anda en çok oynayacağım oyun (boş: sınırsız)
page-profile = Profil
page-profile-ratings = Puanlar
page-profile-no-ratings = Henüz puanlı oyun yok.
page-profile-rated-games = { $count ->
    [one] bir puanlı oyun
   *[other] { $count } puanlı oyun
}
page-profile-provisional = geçici
page-profile-graph = { $game } puanı, oyun oyun
page-profile-results = Sonuçlar
page-profile-won = kazandı
page-profile-drawn = berabere
page-profile-lost = kaybetti
page-profile-playing = sürüyor
page-profile-opponents = En çok oynadıkları
page-profile-games-count = { $count ->
    [one] bir oyun
   *[other] { $count } oyun
}
page-profile-games = Oyunlar
page-profile-outcome = Sonuç
page-profile-any-outcome = Her sonuç
page-profile-download = Tüm oyunlar tek dosyada:
page-profile-mine = Profilim
signup-title = Hesap oluştur
signup-explained = Diğer oyuncuların göreceği adınız ve e-posta adresiniz: oraya bir giriş bağlantısı gider, hesabınız bağlantıyı açtığınızda oynamaya başlar. Parola yok.
signup-send = Bağlantıyı gönder
signup-have-account = Hesabım var: giriş yap
signup-sent = Bu adrese bir bağlantı gönderiliyor: giriş yapıp oynamaya başlamak için 15 dakika içinde açın.
signup-closed = Bu sunucu kayıt almıyor: hesapları bir düzenleyici oluşturur. Düzenleyicinize sorun.
signup-invitation = Burada kayıt olmak için bir oyuncunun katılma bağlantısı gerekir.
signup-email = Bu bir e-posta adresi değil.
signup-name = Ad, tek satırda 1 ile 100 karakter arasıdır.
signup-link = Hesap oluştur
invitation-title = zarf'a katılma bağlantınız
invitation-explained = Bu bağlantıyı açan herkes burada hesap oluşturabilir. zarf'a çağırdığınız kişilerle paylaşın.
invitation-until = { $until } tarihine kadar geçerli.
page-passwords = Uygulama parolaları
page-passwords-explained = Scid vs. PC gibi yazışmalı satranç programları buradaki satranç oyunlarınızı Xfcc ile oynar. Her program için bir parola oluşturun: oradaki kullanıcı adınız e-posta adresinizdir.
page-passwords-manage = Uygulama parolalarını yönet
page-passwords-new = { $name } için parolanız
page-passwords-shown-once = Parolayı şimdi programa kopyalayın: yalnızca bu kez gösterilir. Kaybederseniz iptal edip yenisini oluşturun.
page-passwords-service = Xfcc hizmet adresi
page-passwords-username = Kullanıcı adı
page-passwords-password = Parola
page-passwords-name = Program
page-passwords-create = Parola oluştur
page-passwords-yours = Parolalarınız
page-passwords-none = Hiç uygulama parolanız yok.
page-passwords-created = Oluşturulma
page-passwords-last-used = Son kullanım
page-passwords-never = hiç
page-passwords-revoke = İptal et
page-passwords-revoke-named = { $name } parolasını iptal et
page-passwords-revoked = { $when } iptal edildi
page-passwords-bad-name = Programın adını 1 ile { $max } karakter arasında yazın.
page-passwords-no-email = Uygulama parolası için e-posta adresiniz gerekir: kullanıcı adı odur.
page-passwords-too-many = Aynı anda en çok { $max } uygulama parolası olabilir: önce birini iptal edin.
page-passwords-unknown = Geçerli böyle bir parolanız yok.
page-tokens = API anahtarları
page-tokens-explained = Kendi programlarınız ve betikleriniz JSON API'yi (/api/v1) bir taşıyıcı anahtarla kullanır. Her program için bir tane oluşturun; iptal ettiğiniz anahtar hemen çalışmaz olur.
page-tokens-manage = API anahtarlarını yönet
page-tokens-new = Yeni anahtarınız
page-tokens-shown-once = Anahtarı şimdi programınıza kopyalayın: yalnızca bu kez gösterilir. Kaybederseniz iptal edip yenisini oluşturun.
page-tokens-create = Anahtar oluştur
page-tokens-yours = Anahtarlarınız
page-tokens-none = Hiç API anahtarınız yok.
page-tokens-unnamed = (adsız)
page-tokens-revoke-named = { $name } anahtarını iptal et
page-tokens-bad-name = Anahtarın adını tek satırda en çok { $max } karakterle yazın.
page-tokens-too-many = Aynı anda en çok { $max } anahtar olabilir: önce birini iptal edin.
page-tokens-unknown = Böyle bir anahtarınız yok.
page-settings-invite = Bir arkadaşınızı zarf'a çağırın
page-settings-invite-explained = Başkalarının burada hesap oluşturmasını sağlayan bir bağlantı yapın.
page-organise-without-sight = { $name } görmeden oynar
page-organise-without-sight-save = Kaydet
page-organise-leaves = Okuldan ayrılıyor…
page-organise-anonymise-text = Hesabı kapatılır; adı, e-posta adresi, okulu ve sınıfı oyunlarından ve turnuvalarından da silinir (bundan sonra NN olarak görünür). Sonuçları kalır. Geri alınamaz.
page-organise-anonymise = { $name } adlı öğrenciyi anonimleştir
page-organise-anonymised = Anonimleştirildi: öğrencinin adı hesabından, oyunlarından ve turnuvalarından silindi.
page-organise-privacy = Öğrencilerinizin gizliliği
page-organise-privacy-text = Öğrencilerinizin oynadığı oyunları ve turnuvaları, oluşturan kişi başka bir seçim yapmadıkça kimlerin görebileceği. Oyunlarda ve turnuvalarda öğrenciler adları ve soyadlarının baş harfiyle gösterilir; tam adları okulunuzda kalır.
page-organise-messages = Yönettiğim oyunlarda oyuncular birbirine mesaj gönderebilir
page-organise-privacy-saved = Kaydedildi: öğrencilerinizin bundan sonraki oyunları ve turnuvaları yeni seçime uyar.
page-visibility = Kimler görebilir
page-visibility-default = Varsayılan: öğrenci oynuyorsa okulun seçimi, yoksa herkes
page-challenge-tablebase = { $rule ->
    [claim] oyun sonu tabloları: talep
   *[automatic] oyun sonu tabloları: kendiliğinden
}
page-tablebase-choice = Oyun sonu tabloları (satranç)
page-tablebase-off = Kapalı: Satranç Kuralları karar verir (FIDE)
page-tablebase-claim = Talep: sırası gelen oyuncu tabloların verdiği galibiyeti ya da beraberliği talep edebilir (ICCF)
page-tablebase-automatic = Kendiliğinden: bir hamle tablolardaki bir konuma ulaşınca oyun tabloların sonucuyla biter
page-tablebase-hint = Talep ve kendiliğinden seçeneklerinde, tabloların içerdiği konumlarda elli ve yetmiş beş hamle kuralları uygulanmaz. Yalnızca satranç; bu sunucunun tabloları karar verir.
page-visibility-participants = Yalnızca oyuncular ve hakemler
page-visibility-signed-in = Giriş yapmış herkes
page-visibility-public = Herkes
page-admin = Yönetim
page-admin-only = Bu sayfa sunucunun yöneticileri içindir.
page-admin-intro = Düzenleyiciler oyuncu, sınıf, oyun ve turnuva oluşturur. Bir hesabı burada düzenleyici yapın; yeniden oyuncu yapılan düzenleyicinin oyuncuları ve oyunları kendisinde kalır.
page-admin-search = Ad ya da e-posta adresi
page-admin-find = Bul
page-admin-accounts = Hesaplar
page-admin-roles = Roller
page-admin-email = E-posta
page-admin-change = Değiştir
page-admin-grant = Düzenleyici yap
page-admin-revoke = Düzenleyicilikten çıkar
page-admin-grant-who = { $name } adlı kişiyi düzenleyici yap
page-admin-revoke-who = { $name } adlı kişiyi düzenleyicilikten çıkar
page-admin-granted = Hesap artık bir düzenleyici.
page-admin-revoked = Hesap artık düzenleyici değil.
role-admin = yönetici
role-organiser = düzenleyici
role-player = oyuncu
page-organise-only = Bu sayfalar düzenleyiciler içindir. Yöneticiden sizi düzenleyici yapmasını isteyin.
page-organise-players = Oyuncularınız
page-organise-no-class = Sınıfsız
page-organise-print-codes = Bu sınıfın giriş kodlarını yazdır
page-organise-code-days = Kodların geçerli olacağı gün sayısı
page-organise-add-player = Oyuncu ekle
page-organise-email = E-posta (isteğe bağlı)
page-organise-school = Okul (isteğe bağlı)
page-organise-class = Sınıf (isteğe bağlı)
page-organise-add = Ekle
page-organise-add-class = Sınıf ekle
page-organise-names = Her satıra bir öğrenci: adı ve varsa virgülden sonra e-posta adresi
page-organise-file = Ya da bir CSV dosyası seçin
page-organise-add-all = Hepsini ekle
page-organise-added = Eklenen oyuncu: { $count }.
page-organise-bad-name = Satır { $line }: ad 1 ile 100 karakter arasıdır.
page-organise-bad-email = Satır { $line }: bu bir e-posta adresi değil.
page-organise-too-many = Bir seferde en çok { $max } öğrenci.
page-organise-no-names = En az bir ad yazın.
page-organise-new-game = Yeni oyun
page-organise-days = Her hamle için gün (boş: saatsiz)
page-organise-game = Oyun
page-organise-rules = Kurallar
page-organise-fen = Başlangıç konumu (satranç FEN'i, İngiliz daması PDN FEN'i, damanın W:Wa2,…:Ba6,… yazımı ya da tavlanın GNU Backgammon konum kimliği, isteğe bağlı)
page-organise-opening = Açılış
page-organise-opening-start = Başlangıç konumu (ya da kurulan konum)
page-organise-opening-ballot = Oyunun kurasından çekilir ({ $games })
page-organise-match-length = Tavla: maçı kazanmak için gereken sayı (boş: tavlada 5, uluslararası kurallarda 7)
page-organise-event = Etkinlik (isteğe bağlı)
page-organise-create-game = Oyunu oluştur
page-organise-two-players = Önce iki oyuncu ekleyin.
page-organise-same-player = Beyaz ve Siyah iki ayrı oyuncu olmalı.
page-organise-games = Yönettiğiniz oyunlar
page-codes-title = Giriş kodları
page-codes-print = Bu sayfayı yazdırıp çizgilerden kesin: her öğrenci kendi kodunu, nasıl kullanılacağıyla birlikte kendi dilinde alır.
page-codes-where = { $url } adresinden giriş yapın. Kod bir kez çalışır.
rules-fide2023 = FIDE Kuralları 2023
rules-fide2005 = FIDE Kuralları 2005 (kendiliğinden beraberlik yok)
rules-wcdf = WCDF kuralları (İngiliz daması)
rules-tudaf = TÜDAF kuralları (dama)
rules-tavla = Tavla (katlama zarı yok; mars 2 sayı; oyunu kazanan sonrakine başlar)
rules-backgammon = Tavla, uluslararası kurallar (katlama zarı, gammon ve backgammon, Crawford kuralı)
rules-the-games-own = oyunun kendi kuralları (satranç: FIDE Kuralları 2023)

# A tournament's refusals.
tournament-not-found = Böyle bir turnuva yok.
tournament-tournament-exists = Turnuva zaten var.
tournament-forbidden = Bunu yalnızca turnuvanın düzenleyicileri ve hakemleri yapabilir.
tournament-already-registered = { $player } numaralı oyuncu zaten kayıtlı.
tournament-already-invited = { $player } numaralı oyuncu zaten davet edildi.
tournament-not-invited = { $player } numaralı oyuncu bu turnuvaya davet edilmedi.
tournament-invitation-declined = { $player } numaralı oyuncu bu turnuvaya davetini geri çevirdi: katılmak isterse kendisi bildirebilir.
tournament-not-an-entrant = { $player } numaralı oyuncu bu turnuvada değil.
tournament-withdrawn = { $player } numaralı oyuncu turnuvadan çekildi.
tournament-results-missing = { $round }. turda sonucu girilmemiş { $missing } masa var.
tournament-all-rounds-paired = { $round } turun hepsi eşlendi.
tournament-round-already-paired = { $round }. tur zaten eşlendi.
tournament-round-not-paired = { $round }. tur eşlenmedi.
tournament-no-such-board = { $round }. turda { $player } oyuncusunun beyazla oynadığı masa yok.
tournament-result-exists = Masanın sonucu zaten girildi: gerekçesiyle düzeltin.
tournament-no-result = Masanın düzeltilecek sonucu yok.
tournament-reason-missing = Değişikliğin gerekçesini yazın.
tournament-bye-has-no-result = Eşlemede verilen bay sonucunun değişmesi mümkün değil.
tournament-round-robin-closed = Devreli turnuvaya oyuncular 1. turdan önce alınır.
tournament-no-valid-pairing = Eşleme yapılamıyor: { $reason }.
tournament-no-valid-pairing-few-players = Eşleme yapılamıyor: bir tur için en az iki oyuncu gerekir.
tournament-no-valid-pairing-criteria = { $round }. turun mutlak kuralları karşılayan bir eşlemesi yok (iki oyuncu ikinci kez karşılaşamaz, daha önce bay geçen ya da oynamadan kazanan oyuncu bay geçemez, renkler sınırları içinde kalmalı).
tournament-no-valid-pairing-baku = Eşleme yapılamıyor: Bakü hızlandırması için galibiyet iki beraberliğe, yenilgi sıfıra denk olmalı.
tournament-no-valid-pairing-too-large = Eşleme yapılamıyor: oyuncu ya da puan grubu sayısı çok fazla.
tournament-results-in = { $round }. turun bir sonucu girildi: eşlemenin yine de değişeceğini belirtin.
tournament-not-the-same-players = Yeni eşleme aynı oyuncuları, her birini bir kez oturtmalı ({ $player } oyuncusu).
tournament-unknown-tiebreak = { $code }, zarf'ın bildiği bir FIDE eşitlik bozma ölçütü değil.
tournament-not-over = Turnuva bitmedi: { $round }. tur daha oynanacak.
tournament-tournament-finished = Turnuva bitti.
tournament-already-published = { $round }. tur zaten yayımlandı.
tournament-not-the-latest-round = { $round }. tur son tur değil.
tournament-games-started = { $round }. turun oyunları oynanıyor: eşlemesi değişmez.
tournament-no-half-point-byes = Bu turnuvada yarım puanlık bay verilmiyor.
tournament-game-ids-missing = { $count } oyun kimliği gerekli.
tournament-game-attached = { $round }. turun bu masası zaten zarf'ta bir oyun.
tournament-not-a-cup = Yalnızca kupa kurayla çekilir ve eşleşme eşleşme oynanır.
tournament-cup-plays-matches = Kupa tur tur değil, eşleşme eşleşme oynanır.
tournament-cup-drawn = Kupanın kurası zaten çekildi.
tournament-cup-not-drawn = Kupanın kurası henüz çekilmedi.
tournament-cup-size = { $count } oyunculu bir kupanın kurası çekilemez: eleme 2 ile 1024, çift eleme 3 ile 1024 oyuncu alır.
tournament-no-such-match = Kupada böyle bir eşleşme yok.
tournament-match-decided = Eşleşmenin sonucu zaten belli.
tournament-match-not-ready = Eşleşmenin iki oyuncusu henüz belli değil.
tournament-not-in-the-match = { $player } bu eşleşmede oynamıyor.
tournament-not-a-cup-game = Bu oyun kupanın oyunlarından biri değil.
tournament-reason-too-long = Gerekçe en çok { $count } karakter olabilir.
tournament-result-from-the-game = Oyun zarf'ta oynanıyor: sonucu oyundan gelir.
tournament-double-forfeit-in-a-cup = Kupa oyununda çifte hükmen olmaz: eşleşmeye karar verin.
tournament-cup-not-over = Kupa bitmedi: son eşleşmesiyle biter.
page-tournaments = Turnuvalar
page-tournament-new = Yeni turnuva
page-tournament-name = Adı
page-tournament-system = Sistem
page-tournament-swiss = İsviçre (FIDE Hollanda)
page-tournament-round-robin = Devreli
page-tournament-double-round-robin = Çift devreli
page-cup-bracket = Eşleşme ağacı
page-cup-winners = Kazananlar tablosu
page-cup-losers = Kaybedenler tablosu
page-cup-finals = Finaller
page-cup-round = { $round }. tur
page-cup-final = Final
page-cup-semi-finals = Yarı final
page-cup-quarter-finals = Çeyrek final
page-cup-grand-final = Büyük final
page-cup-reset = Büyük final, tekrar
page-cup-third-place = Üçüncülük maçı
page-cup-bye = bay
page-cup-not-yet = belli olacak
page-cup-not-drawn = Kura, kupa başlarken çekilir.
page-cup-places = Sıralama
page-cup-place = Sıra
page-cup-game = { $number }. oyun
page-cup-games = Eşleşme başına { $count } oyun
page-cup-by-walkover = Hükmen.
page-cup-by-higher-seed = Eşitlik: üst sıradaki tur atlar.
page-cup-by-lot = Eşitlik: kurayla belirlendi.
page-cup-match-days = Eşleşme başına { $count } gün
page-cup-until = Son gün: { $at }
page-cup-overdue = Süresi { $at } tarihinde doldu: hakem karar verir.
page-cup-matches-won = Kazanılan eşleşme
page-cup-game-points = Oyun puanı
page-cup-schools-key = Her okulun en iyi derece alan dört oyuncusu sayılır: kazandıkları eşleşmeler (hükmen galibiyetler de), sonra oyunlarında aldıkları puanlar.
page-cup-overdue-short = süresi doldu
page-cup-match-days-field = Eşleşme süresi (gün)
page-cup-match-days-hint = İlk oyunlarından itibaren sayılır. Süre dolunca tabloda eşleşme gecikmiş görünür ve hakem karar verir. Boş: süre yok.
page-cup-by-arbiter = Hakem kararı: { $reason }
page-cup-scroll = Eşleşme ağacı yana kayar.
page-tournament-print-bracket = Ağacı yazdır
page-tournament-draw = Kurayı çek
page-cup-terms = Kupa eşleşmeleri
page-cup-terms-hint = Yalnızca eleme ve çift eleme kupaları için.
page-cup-seeding = Sıralama
page-cup-seeding-rating = Puana göre
page-cup-seeding-given = Kayıt sırasına göre
page-cup-seeding-lot = Kurayla
page-cup-games-per-match = Eşleşme başına oyun (1 ya da çift sayı)
page-cup-extra-pairs = Eşitlikte ek oyun çifti
page-cup-tie-rule = Ek oyunlardan sonra eşitlik
page-cup-tie-higher-seed = Üst sıradaki tur atlar
page-cup-tie-lot = Kurayla belirlenir
page-cup-tie-arbiter = Hakem karar verir
page-cup-third-place-match = Üçüncülük maçı
page-cup-match-lengths = Tavla: tur tur kazanma sayısı
page-cup-decide-text = Oyunlarıyla sonuçlanamayan bir eşleşmeye karar verin: size bırakılan bir eşitlik, hükmen bir sonuç, takılan bir eşleşme. Süren oyunları kazananın galibiyetiyle biter.
page-cup-decision = Tur atlayan
page-cup-goes-through = { $round }, { $number }. eşleşme: { $name } tur atlar
page-cup-reason = Gerekçe
page-cup-decide = Eşleşmeye karar ver
page-cup-choose-decision = Bir eşleşme ve tur atlayanı seçin.
page-tournament-done-draw = Kura çekildi: her eşleşme iki oyuncusu belli olur olmaz başlar.
page-tournament-done-decide = Eşleşmeye karar verildi.
page-cup-enter-result = Tahtada oynanan bir oyunun sonucunu girin.
page-cup-game-title = { $round }, { $number }. eşleşme, { $game }. oyun
page-cup-slips-online = Bu kupanın oyunları zarf'ta oynanıyor: sonuçları kendiliğinden gelir, sonuç kâğıdı gerekmez.
page-cup-no-slips = Sonucunu bekleyen oyun yok.
page-cup-game-label = Oyun
page-cup-enter = Sonucu gir
page-cup-choose-game = Kupanın bir oyununu seçin.
page-tournament-knockout = Eleme kupası
page-tournament-double-elimination = Çift eleme kupası
page-tournament-rounds = { $rounds } tur
page-tournament-rounds-label = Tur sayısı
page-tournament-place = Yer
page-tournament-start-date = İlk gün
page-tournament-end-date = Son gün
page-tournament-play = Oyunlar nasıl oynanır
page-tournament-over-the-board = Tahta başında
page-tournament-online = zarf'ta çevrim içi
page-tournament-game-kind = Oyun (çevrim içi)
page-tournament-days = Hamle başına gün (çevrim içi)
page-tournament-half-point-byes = Oyuncular yarım puanlık bay isteyebilir
page-tournament-create = Turnuvayı oluştur
page-tournament-registering = kayıt açık
page-tournament-playing = oynanıyor
page-tournament-finished = bitti
page-not-found = Bulunamadı
page-not-found-text = Bu adreste bir şey yok. Adres yanlış yazılmış ya da burada olan kaldırılmış olabilir.
page-tournament-not-found = Böyle bir turnuva yok
page-tournament-not-found-text = Bu adreste bir turnuva yok.
page-tournament-not-published = Eşleme henüz yayımlanmadı.
page-tournament-published = Yayımlandı: { $at }
page-tournament-starts = oyunların başlama zamanı: { $at }
page-tournament-bye = bay
page-tournament-w = b
page-tournament-b = s
page-tournament-standings = Sıralama
page-tournament-no-round = Henüz eşlenmiş tur yok.
page-tournament-rank = Sıra
page-tournament-player = Oyuncu
page-tournament-tiebreak = Eşitlik bozma
page-tournament-rounds-title = Turlar
page-tournament-round = { $round }. tur
page-tournament-board = Masa
page-tournament-result = Sonuç
page-tournament-game = oyun
page-tournament-crosstable = Çapraz tablo
page-tournament-points = Puan
page-tournament-crosstable-key = Her hücre: rakibin sırası, beyaz için b ya da siyah için s, ve sonuç (1, ½, 0; hükmen ya da bay için + ve −).
page-tournament-schools = Okullar
page-tournament-school = Okul
page-tournament-schools-key = Her okulun en iyi dört oyuncusunun puanı; eşitlikte bu oyuncuların ilk eşitlik bozma değerlerinin toplamı.
page-tournament-players = Oyuncular
page-tournament-number = No
page-tournament-rating = Kuvvet puanı
page-tournament-class = Sınıf
page-tournament-withdrawn = çekildi
page-tournament-run = Turnuvayı yönet
page-tournament-ask = Katılmak istiyorum
page-tournament-ask-explained = Bu turnuvada oynamak için katılmak istediğinizi bildirin: turnuvayı yöneten sizi kaydeder.
page-tournament-asked = { $name } (katılmak istedi)
page-tournament-asked-already = Katılmak istediğinizi bildirdiniz: turnuvayı yöneten sizi kaydeder.
page-tournament-invited = Bu turnuvada oynamaya davet edildiniz
page-tournament-invited-explained = Turnuvayı yöneten sizi davet ediyor. Kabul ederseniz kaydınız yapılır ve sonraki turdan itibaren eşlenirsiniz; geri çevirirseniz davet geri alınır.
page-tournament-accept = Kabul et ve katıl
page-tournament-decline = Geri çevir
page-tournament-invite = Oyuncu davet et
page-tournament-invite-explained = Sizin öğrenciniz olmayan bir oyuncu, daveti kabul ederek katılır: kendisine e-posta gider, bu turnuvanın sayfasında kabul eder ya da geri çevirir. Oyuncunun kimliğini ya da profil sayfasının adresini yazın.
page-tournament-invite-player = Oyuncu (kimlik ya da profil adresi)
page-tournament-invite-one = Davet et
page-tournament-invited-list = Davet edildi, henüz yanıtlamadı
page-tournament-withdraw-invitation = Geri al
page-tournament-withdraw-invitation-of = { $name } adlı oyuncunun davetini geri al
page-tournament-done-withdraw-invitation = Davet geri alındı.
page-tournament-print-pairings = Eşlemeleri yazdır
page-tournament-print-standings = Sıralamayı yazdır
page-tournament-print-slips = Sonuç kâğıtlarını yazdır
page-tournament-public = Turnuvanın herkese açık sayfası
page-tournament-next-step = Sıradaki adım
page-tournament-publish-text = Eşlemeyi yayımlayın: her oyuncuya masası, rengi ve rakibi bildirilir.
page-tournament-starts-at = Oyunların başlama zamanı (sizin saatiniz)
page-tournament-publish = Eşlemeyi yayımla
page-tournament-pair = Sonraki turu eşle
page-tournament-finish = Turnuvayı kapat
page-tournament-results = Sonuçlar
page-tournament-enter = Gir
page-tournament-correct = Düzelt
page-tournament-reason = Gerekçe
page-tournament-register = Oyuncu kaydı
page-tournament-no-candidates = Oyuncularınızın hepsi kayıtlı.
page-tournament-register-one = Kaydet
page-tournament-register-class = Bütün sınıfı kaydet
page-tournament-add-pupils = Öğrenci ya da sınıf eklemek için düzenleyici sayfasına gidin
page-tournament-absences = Baylar ve çekilmeler
page-tournament-round-number = Tur
page-tournament-half = Yarım puan
page-tournament-bye-ask = Bayı kaydet
page-tournament-withdraw = Turnuvadan çek
page-tournament-choose-player = Bir oyuncu seçin.
page-tournament-slip-result = Sonuç:  1-0  ½-½  0-1
page-tournament-slip-signatures = İmzalar: Beyaz ________  Siyah ________
page-tournament-done-register = Oyuncu kaydedildi.
page-tournament-done-invite = Oyuncu davet edildi: kendisine e-posta gitti, kabul ettiğinde kaydı yapılır.
page-tournament-invite-who = Bir oyuncunun kimliğini ya da profil sayfasının adresini yazın.
page-tournament-done-class = Sınıf kaydedildi.
page-tournament-done-pair = Tur eşlendi: kontrol edip yayımlayın.
page-tournament-done-publish = Eşleme yayımlandı.
page-tournament-done-result = Sonuç girildi.
page-tournament-done-correct = Sonuç düzeltildi.
page-tournament-done-withdraw = Oyuncu turnuvadan çekildi.
page-tournament-done-bye = Bay kaydedildi.
page-tournament-done-finish = Turnuva kapatıldı.
page-tournament-print-hint = Bu sayfayı A4 kâğıda yazdırın.
page-tournament-continue = zarf'ta ertele
page-tournament-continue-fen = Ulaşılan konum (FEN; başlangıç için boş)
page-tournament-done-continue = Masa zarf'ta bir oyun olarak sürüyor: oyunu orada gizli hamlesiyle erteleyin.
page-tournament-tiebreaks = Eşitlik bozma ölçütleri (FIDE kodları, sırasıyla)
page-tournament-tiebreaks-hint = Boş: sisteme göre FIDE'nin önerisi (İsviçre için BH/C1 BH DE WIN BPG).
page-tournament-import = Başka yerde başlamış bir turnuvayı sürdür
page-tournament-import-file = Rapor dosyası (TRF)
page-tournament-import-button = Al ve sürdür

# Take-away: the toy game the tests play through the service (not offered to players)
game-take-away = Almaca
rules-plain = Düz kurallar
notation-digits = Rakamlar (1, 2, 3)
notation-words_en = İngilizce sözcükler (one, two, three)
notation-words_tr = Türkçe sözcükler (bir, iki, üç)
take-away-not-a-pile = bir yığın değil: pul sayısı (en çok 1000) ve w ya da b, örneğin 21 w
take-away-counters-left = { $count } pul kaldı
take-away-your-move-label = Kaç pul alıyorsunuz: 1, 2 ya da 3
take-away-claim-title = Beraberlik iste
